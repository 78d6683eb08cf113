// Keeps a seated player's table and seat token in the page's address (widgets/apps/tables.py),
// so reloading the page, or opening the address on another device, rejoins the same seat.
// It changes only the query string (history.replaceState): no navigation, nothing drawn.
function render({ model, el }) {
  el.setAttribute("hidden", "");
  const write = () => {
    const query = model.get("query") || {};
    const url = new URL(globalThis.location.href);
    for (const key of ["table", "token", "lang"]) {
      if (query[key]) url.searchParams.set(key, query[key]);
      else url.searchParams.delete(key);
    }
    if (url.href !== globalThis.location.href) globalThis.history.replaceState(globalThis.history.state, "", url.href);
  };
  write();
  model.on("change:query", write);
  return () => model.off("change:query", write);
}
export default { render };
