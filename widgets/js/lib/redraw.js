// One redraw per batch of model changes, never between a press and its release.
//
// A board's redraw rebuilds its buttons. A redraw that lands between a pointer's press and its
// release eats the click: the press was on the old button, the release on its new twin, and the
// browser fires no click. Another device's move, a bot's reply or a classmate sitting down can
// arrive at any moment, and a loaded machine stretches the gap (issue 27: a shared table's move
// never reached the other page). So while a pointer is down on the board a redraw waits, and runs
// a task after the release, once the release's click has been handled.
//
//   const redraw = redrawScheduler(root, draw, () => mark("held", {...}));
//   model.on("change:view", redraw.schedule);   ...   redraw.destroy();

export function redrawScheduler(root, draw, onHold) {
  let queued = false;
  let pressed = false;
  let held = false;
  function schedule() {
    if (pressed) {
      if (!held && onHold) onHold();
      held = true;
      return;
    }
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  }
  const press = () => {
    pressed = true;
  };
  const release = () => {
    if (!pressed) return;
    pressed = false;
    setTimeout(() => {  // a task later: after the click the release fires
      if (!held) return;
      held = false;
      schedule();
    }, 0);
  };
  root.addEventListener("pointerdown", press, true);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  return {
    schedule,
    destroy() {
      root.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    },
  };
}
