/* The scribe's page: a game's record written as the game goes. Plain JavaScript, no build step.
   The page asks its server for the state (/api/state) and sends one step at a time
   (/api/<step>); the server checks the step as the referee will read the record, saves it and
   answers with the new state, which the page draws again. The page keeps nothing the server
   does not know but what a person is in the middle of choosing (faces of a look, the rows being
   turned up, the setup form). */
"use strict";

(() => {
  const L = JSON.parse(document.getElementById("labels").textContent);
  const lang = document.documentElement.lang;
  const $ = (id) => document.getElementById(id);
  const COLON = lang === "fr" ? "\u00a0: " : ": ";

  /** The label ``key`` with its {blanks} filled. */
  function t(key, values) {
    let text = Object.prototype.hasOwnProperty.call(L, key) ? L[key] : key;
    for (const [name, value] of Object.entries(values || {})) {
      text = text.split(`{${name}}`).join(String(value));
    }
    return text;
  }

  /** An element: ``props`` are attributes (``text``: its text, ``key``: what keeps its focus
      across a redraw, ``on<event>``: a listener); the children follow. */
  function h(tag, props, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") el.className = value;
      else if (name === "text") el.textContent = value;
      else if (name === "key") el.dataset.key = value;
      else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
      else el.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) el.append(child);
    }
    return el;
  }

  let state = null;
  let busy = false;
  /** Faces chosen for an event that shows several (a look at two cards), until all are. */
  const faceDraft = new Map();
  /** The event whose face or comment is being edited in the list: {number, what}. */
  let editing = null;
  /** The rows being turned up: {round, rows: [[face text]]}. */
  let revealDraft = null;
  let setupBuilt = false;
  let otherBuilt = false;

  // -- talking to the server ---------------------------------------------------------------

  function showError(message) {
    const box = $("error");
    box.textContent = `${t("scribe.error")}${COLON}${message}`;
    box.hidden = false;
  }

  function clearError() {
    $("error").hidden = true;
    $("error").textContent = "";
  }

  async function request(method, path, body) {
    const init = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(`/api/${path}?lang=${encodeURIComponent(lang)}`, init);
    } catch (error) {
      showError(t("scribe.request-failed"));
      return null;
    }
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    if (!response.ok || data === null) {
      showError(data && data.error ? data.error : `HTTP ${response.status}`);
      return null;
    }
    return data;
  }

  /** Send one step; a tap while the last one is under way is dropped (no event twice). */
  async function step(name, body, said) {
    if (busy) return;
    busy = true;
    document.body.setAttribute("aria-busy", "true");
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.key : null;
    const data = await request("POST", name, body);
    busy = false;
    document.body.removeAttribute("aria-busy");
    if (data === null) return;
    clearError();
    $("verdict").hidden = true;
    state = data;
    render(focused);
    if (!document.activeElement || document.activeElement === document.body) {
      // The control used is gone (an action recorded): on to the face of the card it showed,
      // else to the first action now offered.
      const next = $("face").querySelector("button") || $("groups").querySelector("button");
      if (next) next.focus({ preventScroll: true });
    }
    $("status").textContent = said ? said() : "";
  }

  // -- drawing -------------------------------------------------------------------------------

  function render(...focusKeys) {
    $("file").textContent = state.file ? t("scribe.saved-to", { file: state.file }) : "";
    $("setup").hidden = state.set_up;
    $("play").hidden = !state.set_up;
    if (!state.set_up) {
      buildSetup();
    } else {
      renderPlay();
    }
    for (const key of focusKeys) {
      if (!key) continue;
      const el = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (el) {
        el.focus({ preventScroll: true });
        break;
      }
    }
  }

  // -- setting up ------------------------------------------------------------------------------

  const setupNames = ["", "", ""];

  function buildSetup() {
    if (setupBuilt) return;
    setupBuilt = true;
    const setup = state.setup;
    const preset = $("preset");
    for (const p of setup.presets) preset.append(h("option", { value: p.name, text: p.label }));
    preset.addEventListener("change", renderOptions);
    renderPlayers();
    renderOptions();
    $("add-player").addEventListener("click", () => {
      if (setupNames.length >= 12) return;
      setupNames.push("");
      renderPlayers(`player:${setupNames.length - 1}`);
    });
    $("start").addEventListener("click", start);
    $("position-start").addEventListener("click", () => {
      const position = $("position-text").value.trim();
      step("setup", { position });
    });
  }

  function renderPlayers(focusKey) {
    const list = $("players");
    list.replaceChildren();
    setupNames.forEach((name, i) => {
      const id = `player-${i}`;
      const number = i + 1;
      const input = h("input", {
        type: "text", id, value: name, autocomplete: "off", key: `player:${i}`,
        maxlength: "100",
        oninput: (e) => { setupNames[i] = e.target.value; renderDealers(); },
      });
      list.append(h("li", {},
        h("label", { for: id, text: t("scribe.setup.player", { number }) }),
        input,
        h("button", {
          type: "button", "aria-label": t("scribe.setup.move-up", { number }),
          disabled: i === 0, key: `up:${i}`,
          onclick: () => {
            [setupNames[i - 1], setupNames[i]] = [setupNames[i], setupNames[i - 1]];
            renderPlayers(`up:${i - 1}`);
          },
        }, "\u2191"),
        h("button", {
          type: "button", "aria-label": t("scribe.setup.remove-player", { number }),
          disabled: setupNames.length <= 2, key: `remove:${i}`,
          onclick: () => { setupNames.splice(i, 1); renderPlayers("add"); },
        }, "\u2715"),
      ));
    });
    $("add-player").disabled = setupNames.length >= 12;
    renderDealers();
    if (focusKey) {
      const el = document.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (el) el.focus();
    }
  }

  function renderDealers() {
    const dealer = $("dealer");
    const chosen = dealer.value;
    dealer.replaceChildren();
    setupNames.forEach((name, i) => {
      const shown = name.trim() || t("scribe.setup.player", { number: i + 1 });
      dealer.append(h("option", { value: String(i), text: shown }));
    });
    if (chosen !== "" && Number(chosen) < setupNames.length) dealer.value = chosen;
  }

  function valueText(value) {
    if (value === true) return t("scribe.yes");
    if (value === false) return t("scribe.no");
    if (value === null) return t("scribe.none");
    return String(value);
  }

  function renderOptions() {
    const box = $("option-list");
    const preset = $("preset").value;
    const chosen = new Map();
    for (const el of box.querySelectorAll("[data-option]")) chosen.set(el.dataset.option, el.value);
    box.replaceChildren();
    for (const option of state.setup.options) {
      const id = `option-${option.name}`;
      const asPreset = `${t("scribe.setup.as-preset")} (${valueText(option.presets[preset])})`;
      let control;
      if (option.kind === "number") {
        control = h("input", {
          type: "text", id, inputmode: "numeric", placeholder: asPreset,
          "data-option": option.name, autocomplete: "off",
        });
      } else {
        control = h("select", { id, "data-option": option.name },
          h("option", { value: "", text: asPreset }),
          option.values.map((v) => h("option", { value: JSON.stringify(v), text: valueText(v) })));
      }
      if (chosen.has(option.name)) control.value = chosen.get(option.name);
      box.append(h("div", {},
        h("label", { for: id }, option.title, " ", h("code", { text: option.name })), control));
    }
  }

  function start() {
    const names = setupNames.map((n) => n.trim());
    if (names.some((n) => n === "")) return showError(t("scribe.setup.name-missing"));
    if (new Set(names).size !== names.length) return showError(t("scribe.setup.name-twice"));
    const options = {};
    for (const el of $("option-list").querySelectorAll("[data-option]")) {
      const text = el.value.trim();
      if (text === "") continue;
      if (el.tagName === "SELECT") {
        options[el.dataset.option] = JSON.parse(text);
      } else if (text === t("scribe.none") || text === "none") {
        options[el.dataset.option] = null;
      } else {
        options[el.dataset.option] = /^-?[0-9]{1,6}$/.test(text) ? Number(text) : text;
      }
    }
    const body = {
      players: names, preset: $("preset").value, options, first_dealer: Number($("dealer").value),
    };
    return step("setup", body);
  }

  // -- playing ---------------------------------------------------------------------------------

  function renderPlay() {
    $("undo").disabled = !state.can_undo;
    renderFace();
    renderGroups();
    buildOther();
    renderEnd();
    // The server's picture: an SVG whose every text it escaped (names, labels).
    $("picture").innerHTML = state.picture;
    renderEvents();
  }

  function pickers(event, where) {
    const draft = faceDraft.get(event.number)
      || (event.shows ? [...event.shows] : event.shows_what.map(() => null));
    return event.shows_what.map((what, i) => {
      const id = `${where}-what-${event.number}-${i}`;
      const choose = (face) => () => chooseFace(event, draft, i, face);
      const buttons = [h("button", {
        type: "button", "aria-pressed": String(draft[i] === null),
        "aria-label": t("scribe.face.unknown"), onclick: choose(null),
        key: `${where}:face:${event.number}:${i}:?`,
      }, "?")];
      for (const face of state.faces) {
        buttons.push(h("button", {
          type: "button", "aria-pressed": String(draft[i] === face.text),
          "aria-label": face.name, onclick: choose(face.text),
          key: `${where}:face:${event.number}:${i}:${face.text}`,
        }, face.text));
      }
      return h("div", { role: "group", "aria-labelledby": id, class: "picker" },
        h("p", { id, class: "what", text: what }),
        h("div", { class: "faces" }, buttons));
    });
  }

  function chooseFace(event, draft, i, face) {
    const faces = [...draft];
    faces[i] = face;
    if (faces.every((f) => f === null)) {
      faceDraft.delete(event.number);
      step("shows", { event: event.number, shows: null });
    } else if (faces.every((f) => f !== null)) {
      faceDraft.delete(event.number);
      step("shows", { event: event.number, shows: faces });
    } else {
      faceDraft.set(event.number, faces);
      render(document.activeElement && document.activeElement.dataset.key);
    }
  }

  function renderFace() {
    const box = $("face");
    const last = state.events[state.events.length - 1];
    if (!last || !last.shows_what.length) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    box.replaceChildren(
      h("h2", { id: "face-title", text: `${t("scribe.event", { number: last.number })}${COLON}${last.text}` }),
      h("p", { class: "help", text: t("scribe.face-help") }),
      ...pickers(last, "last"),
    );
  }

  function actionButton(entry, text) {
    return h("button", {
      type: "button", "aria-label": entry.text === text ? null : entry.text,
      key: `act:${JSON.stringify(entry.action)}`,
      onclick: () => step("event", { action: entry.action },
        () => t("scribe.recorded", { event: entry.text })),
    }, text);
  }

  function renderGroups() {
    const box = $("groups");
    box.replaceChildren();
    if (!state.groups.length) {
      box.append(h("p", { class: "help", text: t("scribe.nothing-offered") }));
      return;
    }
    state.groups.forEach((group, g) => {
      const id = `player-title-${g}`;
      const section = h("section", {
        class: group.waiting ? "player waiting" : "player", "aria-labelledby": id,
      }, h("h3", { id }, group.player,
        group.waiting ? h("span", { class: "mark", text: ` (${t("scribe.waiting")})` }) : null));
      if (group.decisions.length) {
        section.append(h("div", { class: "decisions" },
          group.decisions.map((d) => actionButton(d, d.text))));
      }
      group.throw_ins.forEach((row, k) => {
        const rowId = `throws-${g}-${k}`;
        section.append(h("div", { class: "throws", role: "group", "aria-labelledby": rowId },
          h("p", { id: rowId, text: row.label }),
          h("div", { class: "slots" }, row.slots.map((s) => actionButton(s, String(s.slot))))));
      });
      if (group.others.length) {
        section.append(h("div", { class: "others" },
          group.others.map((d) => actionButton(d, d.text))));
      }
      box.append(section);
    });
  }

  function buildOther() {
    if (otherBuilt) return;
    otherBuilt = true;
    const actor = $("other-actor");
    for (const name of state.players) actor.append(h("option", { value: name, text: name }));
    const kind = $("other-kind");
    for (const k of state.kinds) kind.append(h("option", { value: k.name, text: k.label }));
    kind.addEventListener("change", renderParams);
    renderParams();
    $("other-record").addEventListener("click", () => {
      const chosen = state.kinds.find((k) => k.name === kind.value);
      const action = { actor: actor.value, action: chosen.name };
      for (const param of chosen.params) {
        const value = $(`param-${param.name}`).value.trim();
        if (param.kind === "player") action[param.name] = value;
        else if (param.kind === "slot") action[param.name] = /^[0-9]{1,2}$/.test(value) ? Number(value) : value;
        else action[param.name] = value.split(/[\s,]+/).filter((s) => s !== "")
          .map((s) => (/^[0-9]{1,2}$/.test(s) ? Number(s) : s));
      }
      const body = { action };
      // A throw-in made at the same moment as the one before, perhaps a second reach for its
      // card: the record needs both said with the event.
      if ($("other-same").checked) body.same_moment = true;
      if ($("other-first").checked) body.first = true;
      step("event", body, () => {
        $("other-same").checked = false;
        $("other-first").checked = false;
        return t("scribe.recorded", { event: state.events[state.events.length - 1].text });
      });
    });
  }

  function renderParams() {
    const box = $("other-params");
    box.replaceChildren();
    const chosen = state.kinds.find((k) => k.name === $("other-kind").value);
    for (const param of chosen.params) {
      const id = `param-${param.name}`;
      let control;
      if (param.kind === "player") {
        control = h("select", { id }, state.players.map((n) => h("option", { value: n, text: n })));
      } else {
        control = h("input", {
          type: "text", id, autocomplete: "off",
          inputmode: param.kind === "slot" ? "numeric" : null, value: param.kind === "slot" ? "0" : "",
        });
      }
      box.append(h("p", { class: "field" },
        h("label", { for: id, text: t(`scribe.param.${param.name}`) }), control));
    }
  }

  function faceOptions(selected) {
    return [h("option", { value: "?", text: "?", selected: selected === "?" })].concat(
      state.faces.map((f) => h("option", { value: f.text, text: f.name, selected: selected === f.text })));
  }

  function renderEnd() {
    const box = $("end");
    if (!state.over && !state.game_over) {
      box.hidden = true;
      box.replaceChildren();
      revealDraft = null;
      return;
    }
    box.hidden = false;
    box.replaceChildren(h("h2", { id: "end-title", text: `${t("table.round")} ${state.round}` }));
    const more = state.groups.length && state.reveal === null;
    box.append(h("p", { text: more ? t("scribe.round-may-end") : t("scribe.round-over") }));
    if (state.reveal === null && state.over) {
      if (!revealDraft || revealDraft.round !== state.round) {
        revealDraft = { round: state.round, rows: state.rows.map((r) => Array(r.cards).fill("?")) };
      }
      const form = h("fieldset", {}, h("legend", { text: t("scribe.reveal") }),
        h("p", { class: "help", text: t("scribe.reveal-help") }));
      state.rows.forEach((row, p) => {
        const faces = revealDraft.rows[p];
        const line = h("div", { class: "reveal-row", role: "group", "aria-label": row.player },
          h("span", { text: row.player }));
        faces.forEach((face, i) => {
          line.append(h("select", {
            "aria-label": `${row.player}, ${t("scribe.param.slot")} ${i}`,
            key: `reveal:${p}:${i}`,
            onchange: (e) => { revealDraft.rows[p][i] = e.target.value; },
          }, faceOptions(face)));
        });
        line.append(
          h("button", {
            type: "button", "aria-label": t("scribe.remove-card", { name: row.player }),
            disabled: faces.length === 0, key: `less:${p}`,
            onclick: () => { faces.pop(); render(`less:${p}`); },
          }, "\u2212"),
          h("button", {
            type: "button", "aria-label": t("scribe.add-card", { name: row.player }),
            key: `more:${p}`, onclick: () => { faces.push("?"); render(`more:${p}`); },
          }, "+"),
        );
        form.append(line);
      });
      form.append(h("p", {}, h("button", {
        type: "button", class: "primary", key: "reveal",
        onclick: () => step("reveal", { rows: revealDraft.rows }),
      }, t("scribe.reveal-save"))));
      box.append(form);
    } else if (state.reveal !== null) {
      box.append(h("h3", { text: t("scribe.reveal") }));
      box.append(h("ul", {}, state.reveal.map((row, p) =>
        h("li", { text: `${state.players[p]}${COLON}${row.join(" ") || "\u2014"}` }))));
    }
    if (state.next_round) {
      box.append(h("p", {}, h("button", {
        type: "button", class: "primary", key: "next-round",
        onclick: () => step("next-round", {}),
      }, t("scribe.next-round"))));
      box.append(h("details", {}, h("summary", { text: t("scribe.next-round-position") }),
        h("textarea", { id: "next-position", rows: "3", spellcheck: "false",
          "aria-label": t("scribe.next-round-position") }),
        h("p", {}, h("button", {
          type: "button",
          onclick: () => step("next-round", { position: $("next-position").value.trim() }),
        }, t("scribe.setup.position-start")))));
    }
    if (state.game_over) box.append(h("p", { class: "sentence", text: t("scribe.game-over") }));
  }

  function toggle(text, label, pressed, key, onclick) {
    return h("button", { type: "button", "aria-pressed": String(pressed), "aria-label": label, key, onclick },
      text);
  }

  function renderEvents() {
    const box = $("events");
    box.replaceChildren();
    if (!state.events.length) {
      box.append(h("p", { class: "help", text: t("scribe.no-events") }));
      return;
    }
    let list = null;
    let round = 0;
    for (const event of state.events) {
      if (event.round !== round) {
        round = event.round;
        box.append(h("h3", { text: `${t("table.round")} ${round}` }));
        list = h("ol", { class: "events", start: String(event.number) });
        box.append(list);
      }
      const number = t("scribe.event", { number: event.number });
      const item = h("li", { value: String(event.number) }, h("span", { text: event.text }));
      if (event.shows) {
        item.append(h("span", { class: "shown", text: ` \u00b7 ${t("scribe.shows")} ${event.shows.join(" ")}` }));
      }
      if (event.comment) item.append(h("p", { class: "comment", text: event.comment }));
      const tools = h("div", { class: "event-tools" });
      const open = (what) => editing && editing.number === event.number && editing.what === what;
      const flip = (what) => () => {
        editing = open(what) ? null : { number: event.number, what };
        // Opened, the focus goes into what opened (the text, the first face); closed, it stays.
        const inside = what === "comment" ? `edit:${event.number}` : `list:face:${event.number}:0:?`;
        render(editing ? inside : null, `${what}:${event.number}`);
      };
      if (event.shows_what.length) {
        tools.append(h("button", {
          type: "button", "aria-expanded": String(open("face")), key: `face:${event.number}`,
          "aria-label": `${t("scribe.face")}, ${number}`, onclick: flip("face"),
        }, t("scribe.face")));
      }
      tools.append(h("button", {
        type: "button", "aria-expanded": String(open("comment")), key: `comment:${event.number}`,
        "aria-label": `${t("scribe.comment")}, ${number}`, onclick: flip("comment"),
      }, t("scribe.comment")));
      if (event.can_join) {
        tools.append(toggle(t("scribe.same-moment"), `${t("scribe.same-moment")}, ${number}`,
          event.joined, `join:${event.number}`,
          () => step("same-moment", { event: event.number, on: !event.joined })));
      }
      if (event.simultaneous) {
        tools.append(toggle(t("scribe.first"), `${t("scribe.first")}, ${number}`, event.first,
          `first:${event.number}`, () => step("first", { event: event.number, on: !event.first })));
      }
      item.append(tools);
      if (open("face")) item.append(...pickers(event, "list"));
      if (open("comment")) {
        const id = `comment-text-${event.number}`;
        item.append(h("p", {},
          h("textarea", {
            id, rows: "2", key: `edit:${event.number}`,
            "aria-label": `${t("scribe.comment")}, ${number}`,
          }, event.comment || "")),
        h("p", {}, h("button", {
          type: "button", key: `save:${event.number}`,
          onclick: () => { editing = null; step("comment", { event: event.number, comment: $(id).value }); },
        }, t("scribe.comment-save"))));
      }
      list.append(item);
    }
  }

  // -- the referee's answer --------------------------------------------------------------------

  async function askReferee() {
    const data = await request("GET", "verdict");
    if (data === null) return;
    clearError();
    const box = $("verdict");
    box.className = `verdict ${data.verdict}`;
    box.hidden = false;
    box.setAttribute("tabindex", "-1");
    box.replaceChildren(
      h("h2", { text: t("scribe.legal") }),
      h("p", { class: "sentence", text: data.sentence }),
      h("details", {}, h("summary", { text: t("scribe.verdict.details") }), h("pre", { text: data.text })),
    );
    box.focus();
  }

  // -- start -----------------------------------------------------------------------------------

  $("language").value = lang;
  $("language").addEventListener("change", (e) => {
    const url = new URL(window.location.href);
    url.searchParams.set("lang", e.target.value);
    window.location.assign(url.toString());
  });
  $("undo").addEventListener("click", () => step("undo", {}));
  $("legal").addEventListener("click", askReferee);

  request("GET", "state").then((data) => {
    if (data === null) return;
    state = data;
    render();
  });
})();
