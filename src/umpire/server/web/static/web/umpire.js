// Small page helpers (no framework): deadlines count down in the viewer's own time zone, the
// legal-order lists write their choice into the order box, one line per unit, and clicks on
// the map choose from those same lists. Without JavaScript the typed box works alone.
(function () {
  "use strict";
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll(".deadline[data-deadline]").forEach(function (el) {
      var when = new Date(el.dataset.deadline);
      var left = Math.floor((when - new Date()) / 1000);
      var text = "passed";
      if (left > 0) {
        var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
        var m = Math.floor(left % 3600 / 60), s = left % 60;
        text = "in " + (d ? d + "d " : "") + pad(h) + ":" + pad(m) + ":" + pad(s);
      }
      el.querySelector(".countdown").textContent = text;
      el.querySelector(".local").textContent = "(" + when.toLocaleString([], {
        weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
        timeZoneName: "short" }) + ")";
    });
  }
  function pick(ev) {
    var sel = ev.target;
    if (!sel.classList || !sel.classList.contains("order-select")) { return; }
    var box = sel.form.querySelector("textarea[name=orders]");
    var unit = sel.dataset.unit.toLowerCase();
    var lines = box.value.split("\n").filter(function (line) {
      var l = line.trim().toLowerCase();
      if (!l) { return false; }
      if (unit === "builds") { return true; }
      return !(l === unit || l.indexOf(unit + " ") === 0 || l.indexOf("remove " + unit) === 0);
    });
    if (sel.value) { lines.push(sel.value); }
    box.value = lines.join("\n") + "\n";
  }
  // Order entry by clicking the map (Diplomacy): click one of your units, then the place it
  // goes to, supports into or convoys to (or the unit again to hold). Only the orders the page
  // offers in the legal-order lists can be chosen, so the map decides nothing itself: the
  // choice is made in that unit's list, which writes the same text into the order box.
  var picked = null;
  function province(word) { return String(word).split("/")[0].toLowerCase(); }
  function lists(form) { return Array.prototype.slice.call(form.querySelectorAll("select.order-select")); }
  function choices(sel) {
    return Array.prototype.slice.call(sel.options).map(function (o) { return o.value; })
      .filter(function (v) { return v; });
  }
  function places(order) {  // the provinces an order names, its own unit's first
    return order.split(/\s+/).filter(function (w) {
      return /^[a-z]{3}(\/[a-z]{2})?$/.test(w);
    }).map(province);
  }
  function spaceOf(target) {
    var el = target.closest && target.closest("[data-unit],[data-dislodged],[data-space],[id^='space-']");
    if (!el) { return null; }
    var unit = el.dataset.unit || el.dataset.dislodged;
    if (unit) { return province(unit.split(/\s+/).pop()); }
    if (el.dataset.space) { return el.dataset.space.toLowerCase(); }
    return el.id.slice(6).toLowerCase();
  }
  function spaceAt(ev) {  // the top-most unit, label or space under the pointer
    var under = document.elementsFromPoint(ev.clientX, ev.clientY);
    for (var i = 0; i < under.length; i++) {
      var space = spaceOf(under[i]);
      if (space) { return space; }
    }
    return null;
  }
  function note(form, text) {
    var hint = form.querySelector(".map-hint");
    if (hint) { hint.textContent = text; }
  }
  function closeMenu() {
    var old = document.getElementById("map-menu");
    if (old) { old.remove(); }
  }
  function mark(space) {
    document.querySelectorAll(".map .picked").forEach(function (el) { el.classList.remove("picked"); });
    if (space) {
      var path = document.getElementById("space-" + space);
      if (path) { path.classList.add("picked"); }
    }
  }
  function choose(sel, value) {
    sel.value = value;
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    picked = null;
    mark(null);
    closeMenu();
    note(sel.form, "Added: " + value);
  }
  function offer(sel, found, x, y) {  // one legal order: take it; several: a menu of them
    closeMenu();
    if (found.length === 1) { choose(sel, found[0]); return; }
    var menu = document.createElement("div");
    menu.id = "map-menu";
    menu.className = "map-menu";
    menu.style.left = x + "px";
    menu.style.top = y + "px";
    found.forEach(function (value) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = value;
      b.addEventListener("click", function () { choose(sel, value); });
      menu.appendChild(b);
    });
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = "cancel";
    cancel.addEventListener("click", function () { closeMenu(); picked = null; mark(null); });
    menu.appendChild(cancel);
    document.body.appendChild(menu);
  }
  function related(sel, own, space) {  // the legal orders of a unit that name ``space``
    return choices(sel).filter(function (o) {
      var named = places(o);
      if (space === own) { return named.every(function (p) { return p === own; }); }
      return named.indexOf(space) > 0;
    }).sort(function (a, b) { return a.split(" ").length - b.split(" ").length; });
  }
  function clickMap(ev) {
    var figure = ev.target.closest && ev.target.closest("figure.map");
    var form = document.getElementById("orderform");
    if (!figure || !form || !form.querySelector("select.order-select")) { return; }
    var space = spaceAt(ev);
    if (!space) { return; }
    var x = ev.pageX + 8, y = ev.pageY + 8;
    if (document.getElementById("map-menu")) {  // a click beside the open menu starts afresh
      closeMenu();
      picked = null;
    }
    var before = picked;
    if (picked) {
      var found = related(picked.sel, picked.space, space);
      if (found.length) { offer(picked.sel, found, x, y); return; }
    }
    closeMenu();
    var unitList = lists(form).filter(function (s) {
      return s.dataset.unit !== "builds" && province(s.dataset.unit.split(/\s+/).pop()) === space;
    })[0];
    if (unitList) {
      picked = { sel: unitList, space: space };
      mark(space);
      note(form, unitList.dataset.unit + ": click where it goes, or the unit again to hold.");
      return;
    }
    var builds = lists(form).filter(function (s) { return s.dataset.unit === "builds"; })[0];
    var found = builds ? choices(builds).filter(function (o) { return places(o).indexOf(space) >= 0; }) : [];
    picked = null;
    mark(null);
    if (found.length) { offer(builds, found, x, y); return; }
    note(form, before ? before.sel.dataset.unit + " has no legal order naming " + space.toUpperCase() + "."
      : "No order of yours starts at " + space.toUpperCase() + ".");
  }
  document.addEventListener("click", clickMap);
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { closeMenu(); picked = null; mark(null); }
  });
  document.addEventListener("change", pick);
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
})();
