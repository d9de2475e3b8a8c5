// The turn slider of the game, turn and spectator pages (web/_history.html). Without
// JavaScript it is a form (Show: the chosen turn's permanent page) beside the previous and
// next links. With it, moving the slider (mouse, touch, arrow keys, Home, End) shows that
// turn at once: on a turn or spectator page the turn's page is fetched and its map, printout
// or public events swapped in without a reload, the address becoming the turn's permanent
// link (history.pushState; Back and Forward step through the turns shown). Play steps
// through the turns to the last one (a toggle button: pressed again, it stops). On the game page the slider goes to the turn's page.
//
// Between two maps the pieces that moved are animated: a piece of the map (a unit, a
// counter, a chip: the drawers' own classes and data attributes) of the new map is matched
// with the nearest piece of the old map that looks the same (its class, power and colour)
// and slides from there; a piece with no such match fades in; a map with no pieces it can
// tell apart cross-fades. Nothing moves for a reader who asked for reduced motion.
(function () {
  "use strict";
  var PLAY_MS = 1500;  // each turn shown this long by Play
  var MOVE_MS = 700;  // a piece's slide
  var PIECES = "use.unit, g.unit, g.chip, g.forces, [data-unit]";
  var playing = null, loading = null;

  function nav() { return document.querySelector("nav.history[data-history]"); }
  function slider() { return document.getElementById("history-turn"); }
  function still() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }
  function turnUrl(n) { return nav().dataset.first.replace(/\/0\/$/, "/" + n + "/"); }

  // What a piece is, whatever its place: its class, power or player, and colour.
  function looks(el) {
    var shape = el.querySelector && el.querySelector("rect, path, circle, use");
    var fill = el.getAttribute("fill") || (shape && shape.getAttribute("fill")) || "";
    return [el.getAttribute("class") || el.tagName, el.getAttribute("data-power") || "",
      el.getAttribute("data-player") || "", fill].join("|");
  }
  function pieces(svg) {  // each piece with its centre in the map's own units
    var out = [];
    if (!svg) { return out; }
    var box = svg.getBoundingClientRect(), view = svg.viewBox && svg.viewBox.baseVal;
    if (!box.width || !view || !view.width) { return out; }
    var scale = view.width / box.width;
    svg.querySelectorAll(PIECES).forEach(function (el) {
      if (el.parentElement && el.parentElement.closest(PIECES)) { return; }  // a part of one
      var r = el.getBoundingClientRect();
      if (!r.width && !r.height) { return; }
      out.push({ el: el, looks: looks(el), x: (r.left + r.width / 2 - box.left) * scale,
        y: (r.top + r.height / 2 - box.top) * scale });
    });
    return out;
  }
  function animate(before, svg) {
    if (still() || !svg || !svg.animate) { return; }
    var after = pieces(svg);
    if (!before.length || !after.length) {  // no pieces to follow: the whole map fades in
      svg.animate([{ opacity: 0.35 }, { opacity: 1 }], { duration: MOVE_MS, easing: "ease-out" });
      return;
    }
    var left = before.slice(), moving = [];
    after = after.filter(function (p) {  // a piece where it was: nothing to do
      var i = left.findIndex(function (q) {
        return q.looks === p.looks && Math.abs(q.x - p.x) < 1 && Math.abs(q.y - p.y) < 1;
      });
      if (i < 0) { return true; }
      left.splice(i, 1);
      return false;
    });
    after.forEach(function (p) {
      var best = -1, far = Infinity;
      left.forEach(function (q, i) {
        var d = Math.hypot(q.x - p.x, q.y - p.y);
        if (q.looks === p.looks && d < far) { best = i; far = d; }
      });
      if (best < 0 || p.el.hasAttribute("transform")) {  // new here (or placed by a transform)
        p.el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: MOVE_MS, easing: "ease-in" });
        return;
      }
      var q = left.splice(best, 1)[0];
      moving.push(p.el);
      p.el.animate([
        { transform: "translate(" + (q.x - p.x) + "px," + (q.y - p.y) + "px)" },
        { transform: "translate(0px,0px)" },
      ], { duration: MOVE_MS, easing: "ease-in-out" });
    });
    svg.dataset.moved = String(moving.length);  // how many slid (the browser tests read it)
  }

  // The page's world map: the <svg> in the figure's first view (or the figure itself).
  function worldMap(root) {
    var f = root.querySelector(".board figure.map");
    if (!f) { return null; }
    var v = f.querySelector('.map-view[data-view="world"]') || f;
    return v.querySelector("svg");
  }
  function swapMap(doc) {
    var old = worldMap(document), fresh = worldMap(doc);
    if (!old || !fresh) {  // no map on one side: the whole figure
      var a = document.querySelector(".board figure.map"), b = doc.querySelector(".board figure.map");
      if (a && b) { a.replaceWith(document.importNode(b, true)); }
      return;
    }
    var before = pieces(old), svg = document.importNode(fresh, true);
    old.replaceWith(svg);  // in place: the zoom (Panzoom) and its level stay
    animate(before, svg);
    // The enlarged parts (Europe on a world map) of the new turn: fetched again when shown.
    doc.querySelectorAll(".board .map-view[data-src]").forEach(function (n) {
      var v = document.querySelector('.board .map-view[data-view="' + n.dataset.view + '"]');
      if (!v || v.dataset.src === n.dataset.src) { return; }
      v.dataset.src = n.dataset.src;
      if (!v.dataset.loaded) { return; }
      delete v.dataset.loaded;
      if (v.hidden) { v.replaceChildren(); return; }
      fetch(v.dataset.src, { credentials: "same-origin" }).then(function (r) {
        return r.ok ? r.text() : "";
      }).then(function (text) {
        var svgs = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
        var shown = v.querySelector("svg");
        var before2 = pieces(shown), next = document.importNode(svgs, true);
        if (shown && svgs.tagName === "svg") { shown.replaceWith(next); animate(before2, next); }
        v.dataset.loaded = "yes";
      });
    });
  }
  function swapParts(doc) {
    // The printout (turn page), the public events (spectator page), the slider's own words.
    ["pre.printout", ".columns section.left", ".history-prev", ".history-next", ".history-label"]
      .forEach(function (sel) {
        var a = document.querySelector(sel), b = doc.querySelector(sel);
        if (a && b) { a.replaceWith(document.importNode(b, true)); }
      });
    var r = slider(), fresh = doc.getElementById("history-turn");
    if (r && fresh) {
      r.value = fresh.value;
      r.setAttribute("aria-valuetext", fresh.getAttribute("aria-valuetext"));
    }
    document.title = doc.title;
  }
  function show(n, push) {
    var url = turnUrl(n);
    if (!nav().hasAttribute("data-swap")) { window.location.assign(url); return; }
    if (loading) { loading.abort(); }
    var ask = new AbortController();
    loading = ask;
    return fetch(url, { credentials: "same-origin", signal: ask.signal })
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        swapMap(doc);
        swapParts(doc);
        if (push) { history.pushState({ turn: n }, "", url); }
        nav().dataset.shown = String(n);
      })
      .catch(function (err) {
        if (err && err.name === "AbortError") { return; }
        window.location.assign(url);  // the page itself, the plain way
      })
      .finally(function () { if (loading === ask) { loading = null; } });
  }
  function stop() {
    if (playing) { clearTimeout(playing); playing = null; }
    var b = document.querySelector(".history-play");
    if (b) { b.setAttribute("aria-pressed", "false"); }
  }
  function step() {
    var r = slider(), last = Number(nav().dataset.last), n = Number(r.value) + 1;
    if (n > last) { stop(); return; }
    r.value = String(n);
    Promise.resolve(show(n, true)).then(function () {
      if (playing) { playing = setTimeout(step, PLAY_MS); }
    });
  }
  function play(b) {
    if (playing) { stop(); return; }
    var r = slider();
    if (Number(r.value) >= Number(nav().dataset.last)) { r.value = "0"; show(0, true); }
    b.setAttribute("aria-pressed", "true");  // a toggle: pressed while it plays
    playing = setTimeout(step, PLAY_MS);
  }
  function start() {
    var n = nav(), r = slider();
    if (!n || !r) { return; }
    var b = n.querySelector(".history-play");
    var go = n.querySelector(".history-go");
    if (go) { go.hidden = true; }  // the slider shows a turn as it moves
    if (b && n.hasAttribute("data-swap")) { b.hidden = false; b.addEventListener("click", function () { play(b); }); }
    r.addEventListener("change", function () { stop(); show(Number(r.value), true); });
    n.addEventListener("click", function (ev) {  // previous / next without a reload
      var a = ev.target.closest && ev.target.closest("a.history-prev, a.history-next");
      if (!a || !n.hasAttribute("data-swap") || ev.ctrlKey || ev.metaKey || ev.shiftKey) { return; }
      ev.preventDefault();
      stop();
      var to = Number(r.value) + (a.classList.contains("history-prev") ? -1 : 1);
      r.value = String(to);
      show(to, true);
    });
    history.replaceState({ turn: Number(r.value) }, "");
    window.addEventListener("popstate", function (ev) {
      if (!ev.state || typeof ev.state.turn !== "number") { return; }
      stop();
      slider().value = String(ev.state.turn);
      show(ev.state.turn, false);
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
