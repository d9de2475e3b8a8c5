// Zoom and pan of the game maps, by the vendored Panzoom (vendor/README.md): pinch or Ctrl +
// wheel (a trackpad's pinch) zooms, a drag pans once zoomed in, the buttons above the map zoom
// in, out, back to the whole map, and show the map on the whole screen. A drag is never taken
// for a click on the map (the click that ends a drag is swallowed), and a click is never
// taken for a drag (the map moves only after the pointer went a few pixels). The page's own
// map clicks (umpire.js) find what is under the pointer from the screen (elementsFromPoint,
// the SVG's getScreenCTM), which count the zoom's transform. The SVG says how close it is
// seen: class "zoomed" once a map pixel is drawn at least ZOOMED screen pixels (the CSS shows
// the SPI hex numbers then). Without JavaScript, or without the library, the map is a picture.
(function () {
  "use strict";
  var MAX = 8;  // a phone's 390 px map, 8 times: a Diplomacy army 44 x 34 px
  var ZOOMED = 1.25;  // screen pixels per map pixel from which small print is shown
  var DRAG = 6;  // screen pixels a pointer moves before a press is a drag, not a click
  var zooms = [];  // {svg, pan, pz}

  function outer(svg) { return !(svg.parentElement && svg.parentElement.closest("svg")); }
  function visible(figure) {  // the figure's map now shown (one of its views)
    return zooms.filter(function (z) {
      return figure.contains(z.pan) && z.pan.getClientRects().length > 0;
    })[0];
  }
  function mark(z) {  // say on the SVG how close it is seen
    var box = z.svg.viewBox && z.svg.viewBox.baseVal;
    var width = z.svg.getBoundingClientRect().width;
    var each = box && box.width ? width / box.width : 1;
    var scale = z.pz.getScale();
    z.svg.classList.toggle("zoomed", each >= ZOOMED);
    z.svg.dataset.zoom = scale.toFixed(2);
    z.pan.classList.toggle("panning", scale > 1.001);
  }
  function setUp(svg) {
    if (typeof window.Panzoom !== "function" || svg.closest(".map-pan") || !outer(svg)) { return; }
    var pan = document.createElement("div");
    pan.className = "map-pan";
    var canvas = document.createElement("div");
    canvas.className = "map-canvas";
    svg.parentNode.insertBefore(pan, svg);
    pan.appendChild(canvas);
    canvas.appendChild(svg);
    var z = { svg: svg, pan: pan, canvas: canvas, pz: null, down: null, dragged: false };
    z.pz = window.Panzoom(canvas, {
      minScale: 1,
      maxScale: MAX,
      step: 0.45,
      contain: "outside",  // the map always fills its frame: no panning it out of sight
      cursor: "",  // the page's own (a pointer where the map takes orders)
      handleStartEvent: function (ev) { ev.preventDefault(); },  // others still hear it
    });
    canvas.addEventListener("panzoomchange", function () { mark(z); });
    pan.addEventListener("pointerdown", function (ev) {
      z.down = { x: ev.clientX, y: ev.clientY, id: ev.pointerId, many: 0 };
      z.dragged = false;
      z.touches = (z.touches || 0) + 1;
      if (z.touches > 1) { z.dragged = true; }  // a pinch is no click
    });
    pan.addEventListener("pointermove", function (ev) {
      if (!z.down || z.dragged) { return; }
      if (Math.abs(ev.clientX - z.down.x) + Math.abs(ev.clientY - z.down.y) > DRAG) {
        z.dragged = z.pz.getScale() > 1.001 || z.touches > 1;  // at 1:1 nothing moved
      }
    });
    ["pointerup", "pointercancel"].forEach(function (name) {
      document.addEventListener(name, function () { z.touches = Math.max(0, (z.touches || 0) - 1); });
    });
    pan.addEventListener("click", function (ev) {  // the end of a drag: not a click on the map
      if (z.dragged) { ev.stopPropagation(); ev.preventDefault(); }
      z.dragged = false;
      z.down = null;
    }, true);
    pan.addEventListener("wheel", function (ev) {  // Ctrl + wheel, a trackpad's pinch: zoom
      if (ev.ctrlKey || ev.metaKey) { z.pz.zoomWithWheel(ev); }
    }, { passive: false });
    zooms.push(z);
    mark(z);
    tools(svg.closest("figure.map"));
  }
  function button(label, title, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "small secondary";
    b.dataset.zoom = act;
    b.textContent = label;
    b.title = title;
    b.setAttribute("aria-label", title);
    return b;
  }
  function tools(figure) {
    if (!figure || figure.querySelector(".map-zoom")) { return; }
    var bar = document.createElement("div");
    bar.className = "map-zoom";
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", "Zoom the map");
    bar.appendChild(button("+", "Zoom in", "in"));
    bar.appendChild(button("−", "Zoom out", "out"));
    bar.appendChild(button("1:1", "1:1, the whole map", "reset"));
    var full = button("Full", "Full screen", "full");
    full.setAttribute("aria-pressed", "false");
    bar.appendChild(full);
    bar.addEventListener("click", zoomClick);
    // Above the map, never over it (a legend stands in some corner of every map): at the end of
    // the row of buttons choosing an enlarged part where the map has them.
    var views = figure.querySelector(".map-views");
    figure.insertBefore(bar, views ? views.nextSibling : figure.firstChild);
  }
  function fullScreen(figure, on) {
    figure.classList.toggle("full", on);
    document.documentElement.classList.toggle("map-full", on);
    var b = figure.querySelector(".map-zoom [data-zoom=full]");
    if (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.textContent = on ? "Close" : "Full";
      b.title = on ? "Close full screen" : "Full screen";  // the visible word begins its name
      b.setAttribute("aria-label", b.title);
    }
    zooms.forEach(function (z) {
      if (!figure.contains(z.pan)) { return; }
      z.pz.reset({ animate: false });
      var box = z.svg.viewBox && z.svg.viewBox.baseVal;
      if (on && box && box.width && z.pan.clientWidth && z.pan.clientHeight) {
        // The map fills the screen's height or width (a wide map on a phone held upright:
        // the height; the rest a drag away), not a strip in the middle.
        var across = z.pan.clientWidth / box.width, down = z.pan.clientHeight / box.height;
        z.pz.zoom(Math.min(MAX, Math.max(across, down) / Math.min(across, down)), { animate: false });
      }
      mark(z);
    });
  }
  function zoomClick(ev) {  // a button over the map: not a click on the map under it
    ev.stopPropagation();
    var b = ev.target.closest && ev.target.closest(".map-zoom button[data-zoom]");
    if (!b) { return; }
    var figure = b.closest("figure.map");
    var z = visible(figure);
    var act = b.dataset.zoom;
    if (act === "full") { fullScreen(figure, !figure.classList.contains("full")); return; }
    if (!z) { return; }
    if (act === "in") { z.pz.zoomIn({ animate: false }); }
    if (act === "out") { z.pz.zoomOut({ animate: false }); }
    if (act === "reset") { z.pz.reset({ animate: false }); }
    mark(z);
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Escape") { return; }
    document.querySelectorAll("figure.map.full").forEach(function (f) { fullScreen(f, false); });
  });
  function setUpAll(root) {
    root.querySelectorAll("figure.map svg").forEach(setUp);
    if (root.matches && root.matches("figure.map svg")) { setUp(root); }
  }
  function start() {
    setUpAll(document);
    // An enlarged part of a world map is fetched when first shown: its SVG is set up then.
    document.querySelectorAll("figure.map").forEach(function (figure) {
      new MutationObserver(function (changes) {
        changes.forEach(function (c) {
          c.addedNodes.forEach(function (n) { if (n.nodeType === 1) { setUpAll(n); } });
        });
      }).observe(figure, { childList: true, subtree: true });
    });
    window.addEventListener("resize", function () { zooms.forEach(mark); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
