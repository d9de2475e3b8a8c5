// Orders drawn on the map as they are given. Whenever the order box changes (typed, chosen
// from a list, clicked on the map) and when the page opens with orders in it, the box is sent
// to the game's preview address (data-preview on the order form): the server reads it as a
// submission would, stores nothing, and answers every accepted order, every refused line with
// its problem, and the marks to draw as SVG, one group per map of the page ("map": the whole
// map; an enlarged part by its name). The groups go over the maps; refused lines are listed
// under the box, not drawn. A list of legal orders shows the order the box holds for its unit.
// The forecast page's form (data-boxes="all") sends every box, the player's own and his
// guesses at other powers' (each a textarea with data-power), and each box's problems are
// listed under it; its marks go over the map of the current position, not the forecast's.
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var overlays = {};  // the last answer's groups, by map name
  var waiting = null;  // the debounce timer
  var asked = 0;  // answers to older requests are dropped
  function form() { return document.getElementById("orderform"); }
  function box(f) { return f && f.querySelector("textarea[name=orders]"); }
  function every(f) { return f.dataset.boxes === "all"; }  // the forecast's boxes
  function boxes(f) {
    return Array.prototype.slice.call(f.querySelectorAll(every(f) ? "textarea" : "textarea[name=orders]"));
  }
  function maps() {  // every map of the page (not a drawing nested in one, nor a forecast's)
    return Array.prototype.slice.call(document.querySelectorAll("figure.map svg"))
      .filter(function (svg) {
        return !svg.parentNode.closest("svg") && !svg.closest(".forecast-result");
      });
  }
  function draw(svg) {
    var name = svg.getAttribute("data-region") || "map";
    var old = svg.querySelector(":scope > g.order-marks");
    if (old) { old.remove(); }
    var text = overlays[name];
    if (!text) { return; }
    var doc = new DOMParser().parseFromString(
      '<svg xmlns="' + SVGNS + '">' + text + "</svg>", "image/svg+xml");
    var group = doc.documentElement.firstElementChild;
    if (group) { svg.appendChild(document.importNode(group, true)); }
  }
  function drawAll() { maps().forEach(draw); }
  function listAll(f, problems) {  // the forecast's: each box's problems under it
    boxes(f).forEach(function (area) {
      var power = area.dataset.power;
      listProblems(f, problems.filter(function (p) { return p.power === power; }), area);
    });
  }
  function listProblems(f, problems, area) {
    area = area || box(f);
    var anchor = area.closest("label.order-box") || area;  // a forecast's box: after its label
    var list = anchor.nextElementSibling;
    if (!list || !list.classList.contains("preview-problems")) {
      list = document.createElement("ul");
      list.className = "problems preview-problems";
      list.setAttribute("aria-live", "polite");
      anchor.insertAdjacentElement("afterend", list);
    }
    list.textContent = "";
    problems.forEach(function (p) {
      var li = document.createElement("li");
      li.dataset.line = p.line;
      var at = document.createElement("span");
      at.className = "line";
      at.textContent = p.line ? "line " + p.line : "the orders";
      var code = document.createElement("code");
      code.textContent = p.text;
      li.append(at, " ", code, ": " + p.message + " ");
      var c = document.createElement("code");
      c.textContent = "[" + p.code + "]";
      li.appendChild(c);
      list.appendChild(li);
    });
    list.hidden = !problems.length;
  }
  // The list of a unit (or a place) shows the order the box holds for it: a list in the page
  // by its options; a list fetched when first used (data-src) by its place, with the order
  // put in as its only option until the list comes (data-chosen: the list replaces it).
  function showChosen(f, orders) {
    f.querySelectorAll("select.order-select").forEach(function (sel) {
      if (sel.dataset.unit === "builds" && sel.value) { return; }
      if (sel.dataset.src && sel.dataset.loaded !== "yes") {
        var at = sel.dataset.home;
        var mine = orders.filter(function (o) { return at && o.places && o.places[0] === at; })[0];
        sel.querySelectorAll("option[data-chosen]").forEach(function (o) { o.remove(); });
        if (mine) {
          var o = document.createElement("option");
          o.value = mine.text;
          o.textContent = mine.text;
          o.dataset.chosen = "yes";
          sel.appendChild(o);
          sel.value = mine.text;
        } else {
          sel.value = "";
        }
        return;
      }
      var values = Array.prototype.slice.call(sel.options).map(function (o) { return o.value; });
      var held = orders.filter(function (o) { return values.indexOf(o.text) >= 0; })[0];
      if (held) { sel.value = held.text; } else if (sel.value && !sel.dataset.soFar) { sel.value = ""; }
    });
  }
  function send() {
    var f = form();
    var mine = ++asked;
    var body = every(f) ? new FormData(f) : new FormData();
    if (!every(f)) {
      body.append("orders", box(f).value);
      var turn = f.querySelector("input[name=turn]");
      if (turn) { body.append("turn", turn.value); }
    }
    var token = f.querySelector("input[name=csrfmiddlewaretoken]");
    fetch(f.dataset.preview, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": token ? token.value : "" },
    })
      .then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; })
      .then(function (data) {
        if (mine !== asked || !data) { return; }
        overlays = data.overlays || {};
        drawAll();
        if (every(f)) {
          listAll(f, data.problems || []);
        } else {
          listProblems(f, data.problems || []);
          showChosen(f, data.orders || []);
        }
        f.dataset.previewed = String(mine);  // (tests wait for it)
      });
  }
  function later() {
    if (waiting) { clearTimeout(waiting); }
    waiting = setTimeout(function () { waiting = null; send(); }, 350);
  }
  document.addEventListener("input", function (ev) {
    var f = form();
    if (f && f.dataset.preview && boxes(f).indexOf(ev.target) >= 0) { later(); }
  });
  document.addEventListener("change", function (ev) {  // a list's choice (written by umpire.js)
    var f = form();
    if (f && f.dataset.preview && ev.target.classList && ev.target.classList.contains("order-select")) {
      later();
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var f = form();
    if (!f || !f.dataset.preview) { return; }
    var figure = document.querySelector("figure.map");
    if (figure) {  // an enlarged map fetched later gets the marks too
      new MutationObserver(function () {
        maps().forEach(function (svg) {
          var name = svg.getAttribute("data-region") || "map";
          if (overlays[name] && !svg.querySelector(":scope > g.order-marks")) { draw(svg); }
        });
      }).observe(figure, { childList: true, subtree: true });
    }
    if (boxes(f).some(function (area) { return area.value.trim(); })) { send(); }
  });
})();
