// Small page helpers (no framework): deadlines count down in the viewer's own time zone, the
// legal-order lists write their choice into the order box, one line per unit, and clicks on
// the map choose from those same lists. Without JavaScript the typed box works alone.
(function () {
  "use strict";
  function pad(n) { return String(n).padStart(2, "0"); }
  var viewerZone = (Intl.DateTimeFormat().resolvedOptions().timeZone || "").replace(/^Etc\//, "");
  var viewerIsUtc = viewerZone === "UTC" || viewerZone === "UCT" || viewerZone === "Zulu" ||
    viewerZone === "Universal" || viewerZone === "GMT" || viewerZone === "Greenwich";
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
      // The viewer's own time, unless the viewer's clock is UTC (the page prints UTC already).
      el.querySelector(".local").textContent = viewerIsUtc ? "" : "(" + when.toLocaleString([], {
        weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
        timeZoneName: "short" }) + ")";
    });
  }
  function pick(ev) {
    var sel = ev.target;
    if (!sel.classList || !sel.classList.contains("order-select")) { return; }
    var chosen = sel.options[sel.selectedIndex];
    if (chosen && chosen.dataset.more !== undefined) {  // a flight so far: offer its next steps
      listSteps(sel, chosen.dataset.more, true);
      return;
    }
    var box = sel.form.querySelector("textarea[name=orders]");
    var unit = sel.dataset.unit.toLowerCase();
    var several = byPlace(sel.form);
    var lines = box.value.split("\n").filter(function (line) {
      var l = line.trim().toLowerCase();
      if (!l) { return false; }
      if (unit === "builds") { return true; }
      if (several) { return !sel.value || keyOf(sel.form, l) !== keyOf(sel.form, sel.value); }
      return !(l === unit || l.indexOf(unit + " ") === 0 || l.indexOf("remove " + unit) === 0);
    });
    if (sel.value) { lines.push(sel.value); }
    box.value = lines.join("\n") + "\n";
  }
  // Order entry by clicking the map: click one of your units, then the place it goes to,
  // supports into or convoys to (or the unit again to hold). Only the orders the page offers
  // in the legal-order lists can be chosen, so the map decides nothing itself: the choice is
  // made in that unit's list, which writes the same text into the order box.
  // A game whose orders belong to places, several a place (Battle Plan: "@TU AT10BU",
  // "@TU AC20GR"), marks its form "by-place" and says on each option the spaces it names
  // (data-places, its own first): a click on a place of yours, then on another, offers the
  // orders from the one that name the other, with the number they use (at most what the
  // option says); a new order replaces only one that differs from it by its numbers.
  var picked = null;
  var hovered = null;  // the hex last pointed at while a stack's steps are shown
  function province(word) { return String(word).split("/")[0].toLowerCase(); }
  function byPlace(form) { return !!form && form.classList.contains("by-place"); }
  var keys = {};  // the keys of orders chosen (their step's list may since have been refilled)
  function keyOf(form, line) {  // what an order replaces: its option's key (its text else)
    var text = line.trim().toLowerCase();
    if (keys[text]) { return keys[text]; }
    var found = Array.prototype.slice.call(form.querySelectorAll("option[data-key]"))
      .filter(function (o) { return o.value.toLowerCase() === text; })[0];
    return found ? found.dataset.key.toLowerCase() : text;
  }
  function optionOf(sel, value) {
    return Array.prototype.slice.call(sel.options).filter(function (o) { return o.value === value; })[0];
  }
  function placesOf(sel, value) {  // the places an offered order names, its own first
    var o = optionOf(sel, value);
    if (o && o.dataset.places) { return o.dataset.places.split(" "); }
    return places(value);
  }
  function home(sel) {  // the place a list's orders belong to
    if (sel.dataset.home) { return sel.dataset.home; }
    var o = sel.querySelector("option[data-places]");
    if (o) { return o.dataset.places.split(" ")[0]; }
    return province(sel.dataset.unit.split(/\s+/).pop());
  }
  // Long lists (a game whose orders name their places: Battle Plan) are not in the page: a
  // list says where its options are (data-src) and fetches them when first used (pointed at,
  // focused, or its unit clicked on the map); ``then`` runs once they are there.
  function loaded(sel) { return !sel.dataset.src || sel.dataset.loaded === "yes"; }
  function ensureList(sel, then) {
    if (loaded(sel)) { if (then) { then(); } return; }
    var waiting = sel._waiting || (sel._waiting = []);
    if (then) { waiting.push(then); }
    if (sel.dataset.loaded === "loading") { return; }
    sel.dataset.loaded = "loading";
    fetch(sel.dataset.src, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .catch(function () { return ""; })
      .then(function (html) {
        var keep = sel.value;
        sel.querySelectorAll("option[data-chosen]").forEach(function (o) { o.remove(); });  // (orderpreview.js)
        sel.insertAdjacentHTML("beforeend", html);
        sel.value = keep;
        sel.dataset.loaded = "yes";
        sel._waiting = [];
        waiting.forEach(function (f) { f(); });
      });
  }
  function ensureLists(all, then) {  // every list of ``all`` loaded, then ``then``
    var left = all.length;
    if (!left) { then(); return; }
    all.forEach(function (sel) { ensureList(sel, function () { left -= 1; if (!left) { then(); } }); });
  }
  function primeList(ev) {
    var sel = ev.target;
    if (sel.classList && sel.classList.contains("order-select")) { ensureList(sel); }
  }
  function withNumber(order, n, at) {  // the order using ``n`` (at most its own number)
    // ``at``: [start, end] of the number, where the game says it (SPI: the SP, not the hex);
    // else the last number of the text (Battle Plan's "@TU AT10BU").
    var most = order.match(/(\d+)(?!.*\d)/);
    if (at) { most = [order.slice(at[0], at[1]), order.slice(at[0], at[1])]; most.index = at[0]; }
    if (!most || !/^\d+$/.test(most[1]) || !n || n < 1) { return order; }
    var use = Math.min(parseInt(n, 10), parseInt(most[1], 10));
    return order.slice(0, most.index) + use + order.slice(most.index + most[1].length);
  }
  function numberAt(sel, value) {  // where an offered order's number stands (data-number)
    var o = sel && optionOf(sel, value);
    return o && o.dataset.number ? o.dataset.number.split(" ").map(Number) : null;
  }
  function glossWith(words, order, n, at) {  // what the order does, using ``n`` of its number
    var most = order.match(/(\d+)(?!.*\d)/);
    if (at) { most = [order.slice(at[0], at[1]), order.slice(at[0], at[1])]; }
    if (!most || !/^\d+$/.test(most[1]) || !n || n < 1) { return words; }
    var use = Math.min(parseInt(n, 10), parseInt(most[1], 10));
    return words.replace(new RegExp("\\b" + most[1] + "\\b"), String(use));
  }
  // Orders built a step at a time (a 1939 III bomber's flight: its path, at most one mission,
  // its landing). The server answers, from the engine's legality, every choice for the next
  // space of the order so far: "land" (a whole legal order) and/or "on" (it can go on to one).
  // The choices go into the unit's list (whole orders as options, the rest as "…" options that
  // lead on), and the map offers the same choices for the space clicked.
  function fetchSteps(form, soFar, done) {
    var url = form.dataset.steps + "?order=" + encodeURIComponent(soFar);
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : { steps: null }; })
      .then(function (data) { done(data.steps); })
      .catch(function () { done(null); });
  }
  function stepGroup(sel) {
    var group = sel.querySelector("optgroup.steps");
    if (!group) {
      group = document.createElement("optgroup");
      group.className = "steps";
      sel.appendChild(group);
    }
    return group;
  }
  function fillSteps(sel, soFar, steps) {  // the list offers the choices after ``soFar``
    var group = stepGroup(sel);
    group.textContent = "";
    var unit = sel.dataset.unit;
    var noted = steps.some(function (c) { return c.note !== undefined; });  // not a flight
    group.label = soFar === unit ? (noted ? "step by step" : "fly (choose step by step)")
      : (noted ? "on from: " : "fly on from: ") + soFar;
    if (soFar !== unit) {
      var back = document.createElement("option");
      back.textContent = "↺ " + unit + (noted ? " (start again)" : " (start the flight again)");
      back.dataset.more = unit;
      group.appendChild(back);
    }
    steps.forEach(function (c) {
      if (c.land) {
        var o = document.createElement("option");
        o.textContent = c.text + (c.note ? " · " + c.note : "");
        o.value = c.text;
        if (c.key) { o.dataset.key = c.key; }
        if (c.number) { o.dataset.number = c.number.join(" "); }
        group.appendChild(o);
      }
      if (c.on) {
        var more = document.createElement("option");
        more.textContent = c.text + " …";
        more.value = "";
        more.dataset.more = c.text;
        group.appendChild(more);
      }
    });
    sel.dataset.soFar = soFar;
  }
  function listSteps(sel, soFar, keepOpen, then) {  // fetch the choices after ``soFar``
    var form = sel.form;
    if (!form || !form.dataset.steps) { return; }
    sel.dataset.loading = "1";
    fetchSteps(form, soFar, function (steps) {
      delete sel.dataset.loading;
      sel.dataset.stepwise = steps ? "yes" : "no";
      if (steps) {
        fillSteps(sel, soFar, steps);
        if (keepOpen) {
          sel.value = "";
          note(form, soFar + ": choose the next step (… goes on), or a whole order.");
          sel.focus();
        }
      }
      if (then) { then(steps); }
    });
  }
  function primeSteps(ev) {  // a unit's list learns its step-by-step orders when first used
    var sel = ev.target;
    if (!sel.classList || !sel.classList.contains("order-select")) { return; }
    if (sel.dataset.unit === "builds" || sel.dataset.stepwise || sel.dataset.loading) { return; }
    listSteps(sel, sel.dataset.unit, false);
  }
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
    var el = target.closest && target.closest("[data-unit],[data-dislodged],[data-space],[id*='space-']");
    if (!el) { return null; }
    var unit = el.dataset.unit || el.dataset.dislodged;
    if (unit) { return province(unit.split(/\s+/).pop()); }
    if (el.dataset.space) { return el.dataset.space.toLowerCase(); }
    return el.id.slice(el.id.indexOf("space-") + 6).toLowerCase();  // europe-space-EFR too
  }
  function spaceAt(ev) {  // the top-most unit, label or space under the pointer
    var under = document.elementsFromPoint(ev.clientX, ev.clientY);
    for (var i = 0; i < under.length; i++) {
      var space = spaceOf(under[i]);
      if (space) { return space; }
      if (under[i].dataset && under[i].dataset.hexgrid) { return hexAt(under[i], ev.clientX, ev.clientY); }
    }
    return null;
  }
  // A map of hexes with no element of its own per hex (SPI WW2: the grid is a pattern) says
  // on its grid "x0 y0 size odd-q": the centre of hex 0000, the hexes' radius, odd columns
  // half a hex lower — the numbers its drawing uses. The hex under a point is the one whose
  // centre is nearest (regular hexes); its id is CCRR.
  function hexGrid(grid) {
    var g = grid.dataset.hexgrid.split(" ");
    var size = parseFloat(g[2]);
    return { x0: parseFloat(g[0]), y0: parseFloat(g[1]), w: 1.5 * size, h: Math.sqrt(3) * size, size: size };
  }
  function hexCentre(grid, id) {
    var g = hexGrid(grid), c = parseInt(id.slice(0, 2), 10), r = parseInt(id.slice(2), 10);
    return { x: g.x0 + g.w * c, y: g.y0 + g.h * (r + (c % 2) / 2) };
  }
  function hexAt(grid, clientX, clientY) {
    var m = grid.getScreenCTM();
    if (!m) { return null; }
    var p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    var g = hexGrid(grid), best = null, far = Infinity;
    var c0 = Math.round((p.x - g.x0) / g.w);
    for (var c = Math.max(c0 - 1, 0); c <= c0 + 1; c++) {
      var r0 = Math.round((p.y - g.y0) / g.h - (c % 2) / 2);
      for (var r = Math.max(r0 - 1, 0); r <= r0 + 1; r++) {
        var x = g.x0 + g.w * c, y = g.y0 + g.h * (r + (c % 2) / 2);
        var d = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y);
        if (d < far) { far = d; best = pad(c) + pad(r); }
      }
    }
    return best;
  }
  function grids() { return Array.prototype.slice.call(document.querySelectorAll("figure.map [data-hexgrid]")); }
  function hexLayer(grid, name) {  // a group over the map that clicks pass through
    var svg = grid.ownerSVGElement;
    var layer = svg.querySelector("g.hex-" + name);
    if (!layer) {
      layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
      layer.setAttribute("class", "hex-" + name);
      layer.setAttribute("pointer-events", "none");
      svg.appendChild(layer);
    }
    return layer;
  }
  function hexShape(grid, id, attrs) {
    var c = hexCentre(grid, id), r = hexGrid(grid).size * 0.92, pts = [];
    for (var k = 0; k < 6; k++) {
      var a = Math.PI / 3 * k;
      pts.push((c.x + r * Math.cos(a)).toFixed(1) + "," + (c.y + r * Math.sin(a)).toFixed(1));
    }
    var poly = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    poly.setAttribute("points", pts.join(" "));
    poly.dataset.hex = id;
    Object.keys(attrs).forEach(function (k) { poly.setAttribute(k, attrs[k]); });
    return poly;
  }
  function markHexes(name, ids, attrs) {  // e.g. the picked stack, the hexes it may go to
    grids().forEach(function (grid) {
      var layer = hexLayer(grid, name);
      layer.textContent = "";
      (ids || []).forEach(function (id) { layer.appendChild(hexShape(grid, id, attrs)); });
    });
  }
  function drawPath(path) {  // the hexes an order passes, from its own: a line through them
    grids().forEach(function (grid) {
      var layer = hexLayer(grid, "path");
      layer.textContent = "";
      if (!path || path.length < 2) { return; }
      var line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
      line.setAttribute("points", path.map(function (id) {
        var c = hexCentre(grid, id);
        return c.x.toFixed(1) + "," + c.y.toFixed(1);
      }).join(" "));
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", "#1f5fbf");
      line.setAttribute("stroke-width", "3");
      line.setAttribute("stroke-linejoin", "round");
      line.setAttribute("stroke-opacity", "0.85");
      line.dataset.path = path.join(" ");
      layer.appendChild(line);
      layer.appendChild(hexShape(grid, path[path.length - 1],
        { fill: "none", stroke: "#1f5fbf", "stroke-width": "2" }));
    });
  }
  function hexMap() { return grids().length > 0; }
  function unitAt(ev) {  // "B ven" where the pointer is on a unit's counter (the power dropped)
    var el = ev.target.closest && ev.target.closest("[data-unit]");
    return el ? el.dataset.unit.split(/\s+/).slice(-2).join(" ").toLowerCase() : null;
  }
  function note(form, text) {
    var hint = document.querySelector(".map-hint");
    if (hint) { hint.textContent = text; }
  }
  function closeMenu() {
    var old = document.getElementById("map-menu");
    if (old) { old.remove(); }
  }
  function mark(space) {
    document.querySelectorAll(".map .picked").forEach(function (el) { el.classList.remove("picked"); });
    if (hexMap()) {
      markHexes("picked", space ? [space] : [], { fill: "#ffd84a", "fill-opacity": "0.45",
        stroke: "#b07a00", "stroke-width": "1.5" });
      if (!space) { markHexes("reach", []); drawPath(null); }
    }
    if (space) {  // the space on every map of the page (the whole map, an enlarged part)
      document.querySelectorAll("figure.map .space[id]").forEach(function (path) {
        var id = path.id.toLowerCase();
        if (id === "space-" + space || id.slice(-7 - space.length) === "-space-" + space) {
          path.classList.add("picked");
        }
      });
    }
  }
  function choose(sel, value, offered, step) {
    if (!choices(sel).some(function (v) { return v === value; })) {  // a flight: list it
      var o = document.createElement("option");  // (or an offered order with a lower number)
      var from = offered && optionOf(sel, offered);
      if (from && from.dataset.places) { o.dataset.places = from.dataset.places; }
      if (from && from.dataset.key) { o.dataset.key = from.dataset.key; }
      if (step && step.key) { o.dataset.key = step.key; }  // a step's: what it replaces
      o.textContent = value;
      o.value = value;
      var group = stepGroup(sel);
      if (!group.label) { group.label = "chosen on the map"; }
      group.appendChild(o);
    }
    var kept = optionOf(sel, value);
    if (kept && kept.dataset.key) { keys[value.toLowerCase()] = kept.dataset.key.toLowerCase(); }
    sel.value = value;
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    picked = null;
    mark(null);
    closeMenu();
    note(sel.form, "Added: " + value);
  }
  function offer(sel, found, x, y) {  // one legal order: take it; several: a menu of them
    // An entry {text, more: true} is a flight so far that leads on: a "…" entry that continues.
    // An entry {text, step} is a step a game describes (SPI: its path, cost, number of SP).
    closeMenu();
    var shown = found.filter(function (f) { return f.step && f.step.path; })[0];
    if (shown) { drawPath(shown.step.path); }
    var several = byPlace(sel.form);
    if (found.length === 1 && !several) {
      if (found[0].more) { flyOn(sel, found[0].text); } else { choose(sel, found[0]); }
      return;
    }
    var menu = document.createElement("div");
    menu.id = "map-menu";
    menu.className = "map-menu";
    menu.style.left = x + "px";
    menu.style.top = y + "px";
    var amount = null;
    var counted = found.some(function (f) { return /\d/.test(f.text || f); });
    if (several && counted) {  // how many: blank takes every unit (all the Industry) it may use
      var label = document.createElement("label");
      label.className = "amount";
      label.textContent = "number (blank: all) ";
      amount = document.createElement("input");
      amount.type = "number";
      amount.min = "1";
      amount.name = "amount";
      label.appendChild(amount);
      menu.appendChild(label);
      amount.addEventListener("keydown", function (ev) {  // Enter: the first order
        if (ev.key === "Enter") { ev.preventDefault(); menu.querySelector("button").click(); }
      });
    }
    var shows = [];  // each entry's text (and words): redrawn with the number typed
    if (amount) {
      amount.addEventListener("input", function () {
        shows.forEach(function (redraw) { redraw(amount.value); });
      });
    }
    function entry(b, text, at, tail) {  // the order an entry writes, at most its own number
      var node = document.createTextNode(text + (tail || ""));
      b.insertBefore(node, b.firstChild);
      shows.push(function (n) { node.data = withNumber(text, n, at) + (tail || ""); });
    }
    found.forEach(function (value) {
      var b = document.createElement("button");
      b.type = "button";
      var step = value.step;
      if (step && step.path) {
        b.addEventListener("mouseenter", function () { drawPath(step.path); });
        b.addEventListener("focus", function () { drawPath(step.path); });
      }
      if (value.more) {
        b.className = "more";
        entry(b, value.text, step && step.number, " …");
        if (step) { b.dataset.order = value.text + " …"; }
        b.title = step ? "go on: then click the next hex" : "fly on: then click the next space";
        if (step && step.note) { gloss(b, step.note); }
        b.addEventListener("click", function () {
          closeMenu();
          flyOn(sel, amount && step ? withNumber(value.text, amount.value, step.number) : value.text);
        });
      } else if (step) {
        entry(b, value.text, step.number);
        b.dataset.order = value.text;
        if (step.note) { gloss(b, step.note); }
        b.addEventListener("click", function () {
          choose(sel, amount ? withNumber(value.text, amount.value, step.number) : value.text,
            value.text, step);
        });
      } else {
        var at = numberAt(sel, value);
        entry(b, value, at);
        b.dataset.order = value;
        var said = optionOf(sel, value);  // its label: the order, then what it does in words
        var words = said && said.textContent !== value ? said.textContent.split(" · ")[1] : "";
        if (words) {  // (Battle Plan's codes): in words, with the number typed too
          var g = document.createElement("span");
          g.className = "gloss";
          g.textContent = words;
          b.appendChild(g);
          shows.push(function (n) { g.textContent = glossWith(words, value, n, at); });
        }
        b.addEventListener("click", function () {
          choose(sel, amount ? withNumber(value, amount.value, at) : value, value);
        });
      }
      menu.appendChild(b);
    });
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = "cancel";
    cancel.addEventListener("click", function () { closeMenu(); picked = null; mark(null); });
    menu.appendChild(cancel);
    document.body.appendChild(menu);
    var box = menu.getBoundingClientRect();  // keep it on the screen
    if (box.bottom > window.innerHeight) {
      menu.style.top = Math.max(window.scrollY + 4, y - (box.bottom - window.innerHeight) - 8) + "px";
    }
    if (box.right > window.innerWidth) {
      menu.style.left = Math.max(4, x - (box.right - window.innerWidth) - 8) + "px";
    }
    var first = amount || menu.querySelector("button");
    if (first) { first.focus(); }
  }
  function gloss(b, words) {
    var g = document.createElement("span");
    g.className = "gloss";
    g.textContent = words;
    b.appendChild(g);
  }
  function noted(steps) { return (steps || []).some(function (c) { return c.note !== undefined; }); }
  function reach(steps) {  // the hexes a game's steps go to, shown on a hex map
    var seen = {};
    (steps || []).forEach(function (c) { seen[c.space] = true; });
    markHexes("reach", Object.keys(seen), { fill: "#1f5fbf", "fill-opacity": "0.3", stroke: "#1f5fbf", "stroke-width": "0.8" });
  }
  function related(sel, own, space) {  // the legal orders of a unit that name ``space``
    return choices(sel).filter(function (o) {
      var named = placesOf(sel, o);
      if (space === own) { return named.length > 0 && named.every(function (p) { return p === own; }); }
      return named.indexOf(space) > 0;
    }).sort(function (a, b) { return a.split(" ").length - b.split(" ").length; });
  }
  function flyOn(sel, soFar) {  // a flight goes on from ``soFar``: the next click continues it
    var form = sel.form;
    picked = { sel: sel, space: picked && picked.sel === sel ? picked.space : null, flight: soFar,
      steps: null };
    hovered = null;
    var mine = picked;
    note(form, soFar + " … (loading)");
    listSteps(sel, soFar, false, function (steps) {
      if (picked !== mine) { return; }
      mine.steps = steps || [];
      if (noted(steps)) {
        mark(mine.space);
        reach(steps);
        mine.hint = soFar + " … : click a highlighted hex to go on (" +
          (steps.length ? steps.length + " choices" : "none left") + "), or Esc.";
        note(form, mine.hint);
        return;
      }
      var last = places(soFar.replace(/\[[^\]]*\]/g, "").replace(/\(\w\)/g, "")).pop();
      mark(last);
      note(form, soFar + ": click the next space it flies into (a sea space costs 1.5, land 1).");
    });
  }
  function flightStep(ev, space, x, y) {  // a click while a flight is being built
    var form = picked.sel.form;
    if (!picked.steps) { note(form, "Still loading the choices for " + picked.flight + "."); return true; }
    var unit = picked.sel.dataset.unit.toLowerCase();
    if (picked.flight.toLowerCase() === unit && space === picked.space) {  // the bomber again: stand
      var stay = related(picked.sel, picked.space, space);
      if (stay.length) { offer(picked.sel, stay, x, y); return true; }
    }
    var here = picked.steps.filter(function (c) { return c.space === space; });
    if (!here.length) {  // no step there: perhaps another unit of yours is picked instead
      note(form, picked.flight + (noted(picked.steps) ? " cannot go to " : " cannot fly on into ") +
        space.toUpperCase() + ".");
      return false;
    }
    var found = [];
    here.forEach(function (c) {  // each choice: the whole order (land there), then fly on
      var step = c.note !== undefined ? c : undefined;
      if (c.land) { found.push(step ? { text: c.text, step: step } : c.text); }
      if (c.on) { found.push({ text: c.text, more: true, step: step }); }
    });
    offer(picked.sel, found, x, y);
    return true;
  }
  function takeUnit(form, sel, space) {  // a click on one of your units: it is picked
    picked = { sel: sel, space: space };
    hovered = null;
    mark(space);
    ensureList(sel);
    if (hexMap()) { markHexes("reach", []); drawPath(null); }
    note(form, hexMap() ? sel.dataset.unit + ": finding where it may go …" : byPlace(form)
      ? sel.dataset.unit + ": click where its forces go, attack or support; the space again: builds."
      : sel.dataset.unit + ": click where it goes, or the unit again to hold.");
    if (!form.dataset.steps || sel.dataset.stepwise === "no") { return; }
    var mine = picked;
    listSteps(sel, sel.dataset.unit, false, function (steps) {
      if (picked !== mine || !steps) { return; }
      mine.flight = sel.dataset.unit;
      mine.steps = steps;
      if (noted(steps)) {  // a game's steps (SPI): the hexes they go to, highlighted
        reach(steps);
        var placing = lists(form).filter(function (s) { return home(s) === "-"; });
        ensureLists(placing, function () {  // (moreHere reads their orders)
          if (picked !== mine) { return; }
          mine.hint = sel.dataset.unit + ": " + (steps.length
            ? "point at a highlighted hex to see the path and its cost; click it to order."
            : "nothing it may do now.") + " Esc: start again." + (moreHere(form, sel, space)
            ? " Click its hex again: the next stack there, or what may be placed there." : "");
          note(form, mine.hint);
        });
        return;
      }
      note(form, sel.dataset.unit + ": click where it flies (step by step), or the bomber again to stand.");
    });
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
    if (picked && !loaded(picked.sel)) {  // its list still on its way: this click waits
      var was = picked, hint = document.querySelector(".map-hint");
      var said = hint ? hint.textContent : "";
      note(form, picked.sel.dataset.unit + ": loading its orders …");
      ensureList(picked.sel, function () {
        if (picked !== was) { return; }
        note(form, said);
        clickAt(ev, form, space, x, y);
      });
      return;
    }
    clickAt(ev, form, space, x, y);
  }
  function clickAt(ev, form, space, x, y) {  // a click on ``space``, the lists it needs loaded
    var before = picked;
    if (picked && picked.flight !== undefined && flightStep(ev, space, x, y)) { return; }
    if (picked) {
      var found = related(picked.sel, picked.space, space);
      if (found.length) { offer(picked.sel, found, x, y); return; }
    }
    closeMenu();
    var mine = lists(form).filter(function (s) {
      return s.dataset.unit !== "builds" && home(s) === space;
    });
    var counter = unitAt(ev);  // a counter clicked: that unit (a bomber shares its space)
    var again = before && before.space === space && hexMap();
    var unitList = again ? mine[mine.indexOf(before.sel) + 1]  // the hex's next stack
      : mine.filter(function (s) { return s.dataset.unit.toLowerCase() === counter; })[0]
      || mine.filter(function (s) { return s.dataset.unit.indexOf("B ") !== 0; })[0] || mine[0];
    if (unitList) {
      takeUnit(form, unitList, space);
      return;
    }
    var landing = lists(form).filter(function (s) { return s.dataset.unit === "landing"; })[0];
    var allow = landing && counter ? choices(landing).filter(function (o) {  // another's bomber:
      return o.toLowerCase().slice(-counter.length - 1) === counter + "]";  // let it land (D39 44)
    }) : [];
    if (allow.length) { picked = null; mark(null); offer(landing, allow, x, y); return; }
    var builds = lists(form).filter(function (s) {  // orders of no unit: those naming the place
      return s.dataset.unit === "builds" || home(s) === "-";
    });
    picked = null;
    mark(null);
    ensureLists(builds, function () {
      var found = [], from = null;
      builds.forEach(function (s) {
        if (found.length) { return; }
        found = choices(s).filter(function (o) { return placesOf(s, o).indexOf(space) >= 0; });
        from = s;
      });
      if (found.length) { offer(from, found, x, y); return; }
      if (again && mine.length) { takeUnit(form, mine[0], space); return; }
      note(form, before ? before.sel.dataset.unit + " has no legal order naming " + space.toUpperCase() + "."
        : "No order of yours starts at " + space.toUpperCase() + ".");
    });
  }
  function moreHere(form, sel, space) {  // another stack in the hex, or placements into it
    return lists(form).some(function (s) {
      if (s === sel || s.dataset.unit === "builds") { return false; }
      if (home(s) === space) { return true; }
      return home(s) === "-" && choices(s).some(function (o) { return placesOf(s, o).indexOf(space) >= 0; });
    });
  }
  function hoverMap(ev) {
    if (!picked || !picked.hint || !picked.steps || document.getElementById("map-menu")) { return; }
    if (!(ev.target.closest && ev.target.closest("figure.map"))) { return; }
    var space = spaceAt(ev);
    if (space === hovered) { return; }
    hovered = space;
    var here = picked.steps.filter(function (c) { return c.space === space && c.path; });
    drawPath(here.length ? here[0].path : null);
    note(picked.sel.form, here.length ? here.map(function (c) {
      return c.text + (c.note ? " (" + c.note + ")" : "");
    }).join("; ") : picked.hint);
  }
  // A crowded map comes with enlarged parts of it (Europe, Central America: drawn by the game
  // at full label size): the buttons above the map show one at a time (keyboard: Tab, Enter).
  // An enlarged part is not in the page: it is fetched (data-src) when first shown.
  function loadView(v) {
    if (!v.dataset.src || v.dataset.loaded) { return; }
    v.dataset.loaded = "loading";
    v.textContent = "Drawing the map …";
    fetch(v.dataset.src, { credentials: "same-origin", headers: { Accept: "image/svg+xml" } })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .catch(function () { return ""; })
      .then(function (svg) {
        v.innerHTML = svg || '<div class="nomap">map not available</div>';
        v.dataset.loaded = "yes";
        if (picked && picked.space) { mark(picked.space); }  // the space picked, there too
      });
  }
  function chooseView(ev) {
    var b = ev.target.closest && ev.target.closest(".map-views button[data-view]");
    if (!b) { return; }
    var figure = b.closest("figure.map");
    figure.querySelectorAll(".map-view").forEach(function (v) {
      v.hidden = v.dataset.view !== b.dataset.view;
      if (!v.hidden) { loadView(v); }
    });
    figure.querySelectorAll(".map-views button").forEach(function (o) {
      o.setAttribute("aria-pressed", o === b ? "true" : "false");
    });
  }
  // Orders sent by htmx that the server did not take (an error page, no answer): htmx swaps
  // nothing on an error, so the receipt box says so; the orders stay in the box.
  function notReceived(ev, why) {
    var box = ev.detail && ev.detail.target;
    if (!box || box.id !== "receipt") { return; }
    var p = document.createElement("p");
    p.className = "problem";
    p.textContent = "Not received: " + why + ". Your orders are still in the box above: " +
      "reload the page (copy them first) and submit them again.";
    box.replaceChildren(p);
  }
  document.addEventListener("htmx:responseError", function (ev) {
    var xhr = ev.detail.xhr;
    notReceived(ev, "the server answered " + xhr.status + (xhr.statusText ? " " + xhr.statusText : ""));
  });
  document.addEventListener("htmx:sendError", function (ev) {
    notReceived(ev, "the server could not be reached");
  });
  // A receipt swapped in takes the focus, as a new page would: a screen reader reads it, and
  // the keyboard goes on from there (issue 29). Its heading says what it is.
  document.addEventListener("htmx:afterSettle", function (ev) {
    var box = ev.target;
    if (!box || box.id !== "receipt") { return; }
    box.tabIndex = -1;
    box.focus();
  });
  document.addEventListener("click", chooseView);
  document.addEventListener("click", clickMap);
  document.addEventListener("mousemove", hoverMap);
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { closeMenu(); picked = null; mark(null); }
  });
  document.addEventListener("change", pick);
  // A form asking to be confirmed first (data-confirm: the question), such as the game
  // master's roll-back; no inline handler, which the Content-Security-Policy forbids.
  document.addEventListener("submit", function (ev) {
    var question = ev.target.dataset && ev.target.dataset.confirm;
    if (question && !window.confirm(question)) { ev.preventDefault(); }
  });
  document.addEventListener("focusin", primeSteps);
  document.addEventListener("focusin", primeList);
  document.addEventListener("pointerover", primeList);
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
})();
