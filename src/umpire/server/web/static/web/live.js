// Live pages: a page with <div id="live" data-poll="..."> asks that address every few seconds
// whether what it shows has changed (a processed turn, new press, a moved deadline). The
// server answers 304 with no body until the version changes (If-None-Match), so an idle
// open page costs one tiny request every POLL ms and holds no server worker.
//
// When the version changes: a page with nothing typed and unsent reloads itself (the new
// turn's map, printout and order box); a page with unsent orders keeps them and shows a
// notice with a button to reload. New press alone marks the Press tab instead of reloading.
(function () {
  "use strict";
  var POLL = 4000;  // ms; the page's data-every (UMPIRE_LIVE_POLL_SECONDS) says otherwise
  var el, etag = null, last = null, timer = null, sent = {};

  function typed() {
    // Orders typed and not sent since (a submitted text counts as sent).
    var boxes = document.querySelectorAll("form textarea");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var key = box.id || box.name;  // two forms may each have a box named "orders"
      var saved = key in sent ? sent[key] : box.defaultValue;
      if (box.value.trim() !== saved.trim()) return true;
    }
    return false;
  }

  function notice(text) {
    var bar = document.getElementById("live-notice");
    if (!bar) {
      bar = document.createElement("div");
      bar.id = "live-notice";
      bar.className = "live-notice";
      bar.setAttribute("role", "status");
      var main = document.querySelector("main");
      main.insertBefore(bar, main.firstChild);
    }
    bar.textContent = text + " ";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.textContent = "Show it";
    button.addEventListener("click", function () { window.location.reload(); });
    bar.appendChild(button);
  }

  function markPress(count) {
    var tab = document.querySelector('.tabs a[href$="/press/"]');
    if (!tab) return false;
    var fresh = count - (last.press || 0);
    if (fresh <= 0) return true;
    var badge = tab.querySelector(".live-new");
    if (!badge) {
      badge = document.createElement("span");
      badge.className = "badge live-new";
      tab.appendChild(document.createTextNode(" "));
      tab.appendChild(badge);
    }
    var had = parseInt(badge.dataset.count || "0", 10);
    badge.dataset.count = String(had + fresh);
    badge.textContent = (had + fresh) + " new";
    return true;
  }

  function changed(now) {
    if (last === null) { last = now; return; }
    var onlyPress = "turn" in now && now.turn === last.turn && now.status === last.status &&
      now.version.split(".").slice(0, 4).join(".") === last.version.split(".").slice(0, 4).join(".");
    if (onlyPress && markPress(now.press)) { last = now; return; }
    if (typed()) {
      notice(now.turn !== last.turn ? "The turn has been processed" + (now.label ? ": now " + now.label + "." : ".") : "This page has changed.");
      last = now;
      return;
    }
    window.location.reload();
  }

  function poll() {
    var headers = {"Accept": "application/json"};
    if (etag) headers["If-None-Match"] = etag;
    fetch(el.dataset.poll, {headers: headers, cache: "no-store", credentials: "same-origin"})
      .then(function (r) {
        if (r.status === 304) return null;
        if (r.status === 409 || r.status === 404) { if (!typed()) window.location.reload(); return null; }
        if (!r.ok) return null;
        etag = r.headers.get("ETag");
        return r.json();
      })
      .then(function (now) { if (now) changed(now); })
      .catch(function () { /* offline a moment: ask again next time */ })
      .then(schedule);
  }

  function schedule() {
    clearTimeout(timer);
    // A hidden tab asks less often; it catches up when shown again.
    timer = setTimeout(poll, document.hidden ? POLL * 4 : POLL);
  }

  document.addEventListener("DOMContentLoaded", function () {
    el = document.getElementById("live");
    if (!el) return;
    var every = parseInt(el.dataset.every || "", 10);
    if (every >= 500) POLL = every;
    document.addEventListener("submit", function (ev) {
      var boxes = ev.target.querySelectorAll ? ev.target.querySelectorAll("textarea") : [];
      for (var i = 0; i < boxes.length; i++) sent[boxes[i].id || boxes[i].name] = boxes[i].value;
    }, true);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
    poll();
  });
})();
