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
  function province(word) { return String(word).split("/")[0].toLowerCase(); }
  function byPlace(form) { return !!form && form.classList.contains("by-place"); }
  function keyOf(form, line) {  // what an order replaces: its option's key (its text else)
    var text = line.trim().toLowerCase();
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
    var o = sel.querySelector("option[data-places]");
    if (o) { return o.dataset.places.split(" ")[0]; }
    return province(sel.dataset.unit.split(/\s+/).pop());
  }
  function withNumber(order, n) {  // the order using ``n`` (at most its own number)
    var most = order.match(/(\d+)(?!.*\d)/);
    if (!most || !n || n < 1) { return order; }
    var use = Math.min(parseInt(n, 10), parseInt(most[1], 10));
    return order.slice(0, most.index) + use + order.slice(most.index + most[1].length);
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
    group.label = soFar === unit ? "fly (choose step by step)" : "fly on from: " + soFar;
    if (soFar !== unit) {
      var back = document.createElement("option");
      back.textContent = "↺ " + unit + " (start the flight again)";
      back.dataset.more = unit;
      group.appendChild(back);
    }
    steps.forEach(function (c) {
      if (c.land) {
        var o = document.createElement("option");
        o.textContent = c.text;
        o.value = c.text;
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
    }
    return null;
  }
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
    if (space) {  // the space on every map of the page (the whole map, an enlarged part)
      document.querySelectorAll("figure.map .space[id]").forEach(function (path) {
        var id = path.id.toLowerCase();
        if (id === "space-" + space || id.slice(-7 - space.length) === "-space-" + space) {
          path.classList.add("picked");
        }
      });
    }
  }
  function choose(sel, value, offered) {
    if (!choices(sel).some(function (v) { return v === value; })) {  // a flight: list it
      var o = document.createElement("option");  // (or an offered order with a lower number)
      var from = offered && optionOf(sel, offered);
      if (from && from.dataset.places) { o.dataset.places = from.dataset.places; }
      if (from && from.dataset.key) { o.dataset.key = from.dataset.key; }
      o.textContent = value;
      o.value = value;
      var group = stepGroup(sel);
      if (!group.label) { group.label = "chosen on the map"; }
      group.appendChild(o);
    }
    sel.value = value;
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    picked = null;
    mark(null);
    closeMenu();
    note(sel.form, "Added: " + value);
  }
  function offer(sel, found, x, y) {  // one legal order: take it; several: a menu of them
    // An entry {text, more: true} is a flight so far that leads on: a "…" entry that continues.
    closeMenu();
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
    found.forEach(function (value) {
      var b = document.createElement("button");
      b.type = "button";
      if (value.more) {
        b.className = "more";
        b.textContent = value.text + " …";
        b.title = "fly on: then click the next space";
        b.addEventListener("click", function () { closeMenu(); flyOn(sel, value.text); });
      } else {
        b.textContent = value;
        b.dataset.order = value;
        var said = optionOf(sel, value);  // its label: the order, then what it does in words
        var words = said && said.textContent !== value ? said.textContent.split(" · ")[1] : "";
        if (words) {  // (Battle Plan's codes)
          var g = document.createElement("span");
          g.className = "gloss";
          g.textContent = words;
          b.appendChild(g);
        }
        b.addEventListener("click", function () {
          choose(sel, amount ? withNumber(value, amount.value) : value, value);
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
    var mine = picked;
    note(form, soFar + " … (loading)");
    listSteps(sel, soFar, false, function (steps) {
      if (picked !== mine) { return; }
      mine.steps = steps || [];
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
      note(form, picked.flight + " cannot fly on into " + space.toUpperCase() + ".");
      return false;
    }
    var found = [];
    here.forEach(function (c) {  // each choice: the whole order (land there), then fly on
      if (c.land) { found.push(c.text); }
      if (c.on) { found.push({ text: c.text, more: true }); }
    });
    offer(picked.sel, found, x, y);
    return true;
  }
  function takeUnit(form, sel, space) {  // a click on one of your units: it is picked
    picked = { sel: sel, space: space };
    mark(space);
    note(form, byPlace(form)
      ? sel.dataset.unit + ": click where its forces go, attack or support; the space again: builds."
      : sel.dataset.unit + ": click where it goes, or the unit again to hold.");
    if (!form.dataset.steps || sel.dataset.stepwise === "no") { return; }
    var mine = picked;
    listSteps(sel, sel.dataset.unit, false, function (steps) {
      if (picked !== mine || !steps) { return; }
      mine.flight = sel.dataset.unit;
      mine.steps = steps;
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
    var unitList = mine.filter(function (s) { return s.dataset.unit.toLowerCase() === counter; })[0]
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
    var found = [], from = null;
    builds.forEach(function (s) {
      if (found.length) { return; }
      found = choices(s).filter(function (o) { return placesOf(s, o).indexOf(space) >= 0; });
      from = s;
    });
    picked = null;
    mark(null);
    if (found.length) { offer(from, found, x, y); return; }
    note(form, before ? before.sel.dataset.unit + " has no legal order naming " + space.toUpperCase() + "."
      : "No order of yours starts at " + space.toUpperCase() + ".");
  }
  // A crowded map comes with enlarged parts of it (Europe, Central America: drawn by the game
  // at full label size): the buttons above the map show one at a time (keyboard: Tab, Enter).
  function chooseView(ev) {
    var b = ev.target.closest && ev.target.closest(".map-views button[data-view]");
    if (!b) { return; }
    var figure = b.closest("figure.map");
    figure.querySelectorAll(".map-view").forEach(function (v) {
      v.hidden = v.dataset.view !== b.dataset.view;
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
  document.addEventListener("click", chooseView);
  document.addEventListener("click", clickMap);
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { closeMenu(); picked = null; mark(null); }
  });
  document.addEventListener("change", pick);
  document.addEventListener("focusin", primeSteps);
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
})();
