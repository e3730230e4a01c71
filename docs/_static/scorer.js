/*
 * The search's scorer (html_search_scorer): rules and rulings first, the API reference last.
 * searchtools.js defines Scorer (its weights) before language_data.js runs this; each result is
 * [docname, title, anchor, description, score, filename, kind].
 */
(function () {
  "use strict";
  var RULEBOOK = 30; // a chapter of the rules or the rulings
  var API = -20; // the API reference (api, api/<module>)
  var score = function (result) {
    var docname = result[0];
    if (docname.indexOf("rules/") === 0 || docname === "rulings") return result[4] + RULEBOOK;
    if (docname === "api" || docname.indexOf("api/") === 0) return result[4] + API;
    return result[4];
  };
  if (typeof Scorer === "undefined") {
    window.SabaiScore = score; // searchtools.js not loaded: nothing to score
  } else {
    Scorer.score = score;
  }
})();
