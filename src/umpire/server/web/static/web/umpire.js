// Small page helpers (no framework): deadlines count down in the viewer's own time zone, and
// the legal-order lists write their choice into the order box, one line per unit.
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
  document.addEventListener("change", pick);
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
})();
