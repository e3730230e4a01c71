// The verdict viewer (sabai replay --format html): steps through the game. The steps' words
// and pictures are one gzip-compressed JSON document in the page; every text goes in as text,
// and the one picture shown is the referee's own SVG (sabai show --svg), swapped as a whole.
(() => {
  "use strict";
  const root = document.getElementById("viewer");
  const meta = JSON.parse(document.getElementById("sabai-viewer-data").textContent);
  const $ = (id) => document.getElementById(id);
  const slider = $("sabai-step");
  const choice = $("sabai-view");
  const picture = $("sabai-picture");
  const heading = $("sabai-heading");
  const words = $("sabai-words");
  const recorded = $("sabai-recorded");
  const said = $("sabai-said");
  const changes = $("sabai-changes");
  const buttons = {
    first: $("sabai-first"),
    previous: $("sabai-previous"),
    next: $("sabai-next"),
    last: $("sabai-last"),
  };
  const marks = Array.from(root.querySelectorAll(".mark"));
  let data = null;
  let step = meta.initial;
  let view = 0;

  async function unpack(text) {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  function show() {
    const s = data.steps[step];
    picture.innerHTML = data.pictures[step * meta.views + view];
    heading.textContent = s.heading;
    words.textContent = s.words;
    recorded.hidden = !s.recorded;
    recorded.querySelector("code").textContent = s.recorded;
    said.hidden = !s.said[view];
    said.className = "said " + s.status;
    said.querySelector(".sign").textContent = s.sign;
    said.querySelector(".text").textContent = s.said[view];
    changes.replaceChildren(
      ...s.changes[view].map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }),
    );
    slider.value = String(step);
    slider.setAttribute("aria-valuetext", s.heading);
    const last = data.steps.length - 1;
    buttons.first.setAttribute("aria-disabled", String(step === 0));
    buttons.previous.setAttribute("aria-disabled", String(step === 0));
    buttons.next.setAttribute("aria-disabled", String(step === last));
    buttons.last.setAttribute("aria-disabled", String(step === last));
    for (const mark of marks) {
      if (Number(mark.dataset.step) === step) mark.setAttribute("aria-current", "step");
      else mark.removeAttribute("aria-current");
    }
    root.dataset.step = String(step);
    root.dataset.view = String(view);
  }

  function go(to) {
    const last = data.steps.length - 1;
    const next = Math.max(0, Math.min(last, to));
    if (next !== step) {
      step = next;
      show();
    }
  }

  function start(unpacked) {
    data = unpacked;
    buttons.first.addEventListener("click", () => go(0));
    buttons.previous.addEventListener("click", () => go(step - 1));
    buttons.next.addEventListener("click", () => go(step + 1));
    buttons.last.addEventListener("click", () => go(data.steps.length - 1));
    slider.addEventListener("input", () => go(Number(slider.value)));
    choice.addEventListener("change", () => {
      view = Number(choice.value);
      show();
    });
    for (const mark of marks) mark.addEventListener("click", () => go(Number(mark.dataset.step)));
    for (const link of document.querySelectorAll("button.goto")) {
      link.hidden = false;
      link.addEventListener("click", () => {
        go(Number(link.dataset.step));
        root.scrollIntoView({ block: "start" });
        heading.focus();
      });
    }
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      // The slider and the list of views have their own keys.
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
      if (target instanceof HTMLTextAreaElement || target.isContentEditable) return;
      const moves = {
        ArrowRight: step + 1,
        ArrowLeft: step - 1,
        Home: 0,
        End: data.steps.length - 1,
      };
      if (!(event.key in moves)) return;
      event.preventDefault();
      go(moves[event.key]);
    });
    for (const control of [slider, choice, ...Object.values(buttons)]) control.disabled = false;
    show();
    root.dataset.ready = "true";
  }

  unpack(meta.data).then(start, (error) => {
    root.dataset.ready = "failed";
    throw error;
  });
})();
