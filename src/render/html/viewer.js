// Steps through the games of the page: buttons, the move list, the game list and
// the keys Left/Right/Home/End. The location's hash may say where to begin:
// "#game=1&ply=12", and "#test-keys=ArrowRight,End&probe=e4,g1" presses keys
// through the same handler and notes where the probed squares are drawn, as
// data-probe-e4="left,top,width,height" on the body (for tests).
(function () {
  "use strict";
  var games = Array.prototype.slice.call(document.querySelectorAll("section.game"));
  var current = games[0];
  var ply = 0;

  function lastPly(game) {
    return game.querySelectorAll(".board").length - 1;
  }

  function each(game, selector, action) {
    Array.prototype.forEach.call(game.querySelectorAll(selector), action);
  }

  function show(game, n) {
    n = Math.max(0, Math.min(lastPly(game), n));
    games.forEach(function (g) { g.hidden = g !== game; });
    current = game;
    ply = n;
    each(game, ".board, .ply-state", function (el) { el.hidden = Number(el.dataset.ply) !== n; });
    each(game, ".move", function (b) { b.classList.toggle("current", Number(b.dataset.ply) === n); });
    each(document, "#games a", function (a) { a.classList.toggle("current", Number(a.dataset.game) === games.indexOf(game)); });
    var move = game.querySelector(".move.current");
    var list = game.querySelector(".moves");
    if (move && list) {
      list.scrollTop = Math.max(0, move.offsetTop - list.offsetTop - list.clientHeight / 2);
    }
    var snapshot = game.querySelector('.ply-state[data-ply="' + n + '"] .snapshot');
    document.getElementById("snapshot").textContent = snapshot ? snapshot.textContent : "";
    game.querySelector(".counter").textContent = "ply " + n + " / " + lastPly(game);
    document.body.dataset.ply = String(n);
    document.body.dataset.game = String(games.indexOf(game));
    document.title = game.dataset.title + " — ply " + n;
  }

  function go(where) {
    var targets = { first: 0, previous: ply - 1, next: ply + 1, last: lastPly(current) };
    if (where in targets) {
      show(current, targets[where]);
    }
  }

  var keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in keys)) {
      return;
    }
    event.preventDefault();
    go(keys[event.key]);
  });

  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-go], .move, #games a");
    if (!target) {
      return;
    }
    event.preventDefault();
    if (target.dataset.go) {
      go(target.dataset.go);
    } else if (target.classList.contains("move")) {
      show(current, Number(target.dataset.ply));
    } else {
      var game = games[Number(target.dataset.game)];
      show(game, Number(game.dataset.start));
    }
  });

  var hash = {};
  location.hash.replace(/^#/, "").split("&").forEach(function (part) {
    var pair = part.split("=");
    if (pair[0]) {
      hash[pair[0]] = decodeURIComponent(pair.slice(1).join("="));
    }
  });
  var first = games[Number(hash.game) || 0] || games[0];
  show(first, hash.ply === undefined ? Number(first.dataset.start) : Number(hash.ply));
  if (hash["test-keys"]) {
    hash["test-keys"].split(",").forEach(function (key) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true, cancelable: true }));
    });
  }
  (hash.probe || "").split(",").forEach(function (name) {
    var square = current.querySelector('.board:not([hidden]) [data-square="' + name + '"]');
    if (square) {
      var r = square.getBoundingClientRect();
      document.body.setAttribute("data-probe-" + name, [r.left, r.top, r.width, r.height].map(Math.round).join(","));
    }
  });
})();
