// The contact access button's frame. It reports each tap to the daemon with what it saw: whether the event was
// the person's (isTrusted; for a key, on a button focused long enough; for a row of several matches, a list in
// view long enough) and whether the whole frame was visible and unobstructed (IntersectionObserver v2) for long
// enough and at the minimum size. The daemon's flow decides; this script only reports. After a
// grant it tells the embedding page which identifiers were shared, never names, and only the registered origin.
"use strict";
(function () {
  const root = document.getElementById("button");
  if (!root) {
    return;
  }
  // A browser that keeps the button cookie from frames: the person's tap asks it to let this frame use it
  // (Storage Access API). The tap grants the app nothing; the reloaded frame shows the matches, if any.
  const connect = document.getElementById("button-connect");
  if (connect) {
    const signIn = document.getElementById("button-signin");
    const refused = function () {
      connect.hidden = true;
      signIn.hidden = false;
    };
    if (typeof document.requestStorageAccess !== "function") {
      refused();
      return;
    }
    connect.addEventListener("click", function (event) {
      if (event.isTrusted !== true) {
        return;
      }
      document.requestStorageAccess().then(function () { window.location.reload(); }, refused);
    });
    return;
  }
  if (!root.dataset.secret) {
    return;
  }
  // Smaller than this, the frame is not a button a person can read.
  const minimumWidth = 120;
  const minimumHeight = 40;
  // How long the frame must have been visible before a tap counts: a page that uncovers the frame just
  // before the click (IntersectionObserver v2 reports at most every 100 ms) gets nothing.
  const visibleFor = 500;
  let visibleSince = null;

  const observer = new IntersectionObserver(function (entries) {
    for (const entry of entries) {
      const whole = entry.isVisible === true && entry.intersectionRatio >= 0.999;
      if (!whole) {
        visibleSince = null;
      } else if (visibleSince === null) {
        visibleSince = entry.time;
      }
    }
  }, { threshold: [1.0], trackVisibility: true, delay: 100 });
  observer.observe(root);

  function isVisible() {
    if (visibleSince === null) {
      return false;
    }
    const bigEnough = window.innerWidth >= minimumWidth && window.innerHeight >= minimumHeight;
    return bigEnough && performance.now() - visibleSince >= visibleFor;
  }

  // A key press counts only on a button that had the focus for as long: a page that moves the focus into the
  // frame while the person types elsewhere does not turn their ENTER into a tap.
  let focusedSince = null;
  root.addEventListener("focusin", function (event) {
    focusedSince = event.timeStamp;
  });
  root.addEventListener("focusout", function () {
    focusedSince = null;
  });

  function isGenuine(event) {
    if (event.isTrusted !== true) {
      return false;
    }
    // A click from a key has no pointer behind it (detail 0).
    if (event.detail === 0) {
      return focusedSince !== null && event.timeStamp - focusedSince >= visibleFor;
    }
    return true;
  }

  // Several matches: a genuine tap on the first button opens the list. A tap on a row counts only once the list
  // has been in view for as long as the frame must be: the second click of a double click the page asked for
  // lands on a row the person never saw.
  const several = document.getElementById("button-several");
  const list = document.getElementById("match-list");
  let listShownAt = null;
  if (several && list) {
    several.addEventListener("click", function (event) {
      if (!isGenuine(event)) {
        return;
      }
      several.hidden = true;
      several.setAttribute("aria-expanded", "true");
      list.hidden = false;
      listShownAt = performance.now();
      const first = list.querySelector("button");
      if (first) {
        first.focus();
      }
    });
  }

  function isSeen(target) {
    if (!list || !list.contains(target)) {
      return true;
    }
    return listShownAt !== null && performance.now() - listShownAt >= visibleFor;
  }

  let busy = false;
  root.addEventListener("click", function (event) {
    const target = event.target.closest("button");
    if (!target || busy) {
      return;
    }
    const body = {
      secret: root.dataset.secret, genuine: isGenuine(event) && isSeen(target), visible: isVisible(),
    };
    let action;
    if (target.dataset.identifier) {
      body.identifier = target.dataset.identifier;
      action = "tap";
    } else if (target.dataset.answer) {
      body.answer = target.dataset.answer;
      action = "answer";
    } else {
      return;
    }
    busy = true;
    fetch("/button/" + root.dataset.session + "/" + action, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    })
      .then(function (response) { return response.json(); })
      .then(function (outcome) {
        if (outcome.result === "granted" && outcome.identifiers.length > 0) {
          window.parent.postMessage(
            { type: "contactAccessButton", identifiers: outcome.identifiers }, root.dataset.origin);
        }
      })
      .catch(function () {})
      .finally(function () {
        // Each load has its own single-use secret: the next tap needs a fresh frame.
        window.location.reload();
      });
  });
})();
