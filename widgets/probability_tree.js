// The probability tree: draws the kernel's tree (widgets/probability_tree.py) as a WAI-ARIA tree.
// A thin view: Python builds the tree, the fractions and every word; this file draws them, keeps
// which node has the keyboard focus, and syncs which nodes are open (`open_nodes`).
//
// view = {tree: {nodes: [{id, parent, depth, token, branch, branch_counts, probability, p_float, children,
//                         achieved, hits, hits_float}], sum, target, target_text, lumped, shown, draws},
//         labels, names, marks, colours, bag: [{colour, name, count}], target_options: [{code, text}]}

function fmt(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}
function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function pct(p) {
  if (p === null || p === undefined) return "";
  return `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
}
const CHECK_SVG = '<svg class="pt-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M9.2 16.6 4.8 12.2 3.4 13.6l5.8 5.8L20.6 8l-1.4-1.4Z" fill="currentColor"/></svg>';
const CROSS_SVG = '<svg class="pt-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z" fill="currentColor"/></svg>';

function tokenHtml(view, group) {
  const name = esc(view.names[group] ?? group);
  const mark = view.marks[group];
  const svg = mark ? `<svg class="tok-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${esc(mark.path)}" fill="${esc(mark.ink)}"/></svg>` : "";
  return `<span class="pt-tok pt-${esc(group)}" aria-hidden="true">${svg}</span><span class="pt-name">${name}</span>`;
}

let UID = 0;

function render({ model, el }) {
  const uid = `pt${++UID}`;
  el.classList.add("pt-root");
  el.innerHTML = `
    <div class="pt-widget" data-testid="pt-widget" data-lm-suppress-shortcuts="true">
      <div class="pt-head">
        <h3 class="pt-title"></h3>
        <p class="pt-intro"></p>
        <div class="pt-bag"></div>
      </div>
      <div class="pt-controls">
        <label class="pt-target-label"><span class="pt-target-word"></span>
          <select class="pt-target" data-testid="pt-target"></select></label>
        <button type="button" class="pt-btn" data-cmd="expand_all" data-testid="pt-expand-all"></button>
        <button type="button" class="pt-btn" data-cmd="collapse_all" data-testid="pt-collapse-all"></button>
      </div>
      <div class="pt-error" role="alert" hidden data-testid="pt-error"></div>
      <div class="pt-scroll"><ul class="pt-tree" role="tree"></ul></div>
      <div class="pt-legend"></div>
      <div class="pt-sum" role="status" aria-live="polite" data-testid="pt-sum"></div>
      <p class="pt-keys"></p>
    </div>`;
  const root = el.querySelector(".pt-widget");
  const part = (sel) => root.querySelector(sel);
  const treeEl = part(".pt-tree");
  let focusId = 0;  // the node that holds the tab stop (roving tabindex)

  const view = () => model.get("view") || {};
  const openSet = () => new Set(model.get("open_nodes") || []);
  function setOpen(ids) {
    model.set("open_nodes", [...ids].sort((a, b) => a - b));
    model.save_changes();
  }

  function itemHtml(v, node, open, L) {
    const nodes = v.tree.nodes;
    const isLeaf = node.children.length === 0;
    const isOpen = !isLeaf && open.has(node.id);
    const hasTarget = v.tree.target !== null;
    const onPath = hasTarget && node.hits_float > 0;
    const pathWords = [];
    for (let n = node; n.parent !== null; n = nodes[n.parent]) pathWords.unshift(v.names[n.token] ?? n.token);
    const pathText = pathWords.length ? pathWords.join(" → ") : L.start;
    const aria = [fmt(L.item_label, { path: pathText, branch: node.branch_counts, p: node.probability })];
    let extra = "";
    if (isLeaf && hasTarget) {
      aria.push(node.achieved ? L.item_leaf_hit : L.item_leaf_miss);
      extra = node.achieved
        ? `<span class="pt-mark pt-hit-mark">${CHECK_SVG}${esc(L.achieved)}</span>`
        : `<span class="pt-mark pt-miss-mark">${CROSS_SVG}${esc(L.not_achieved)}</span>`;
    } else if (!isLeaf && onPath) {
      aria.push(fmt(L.item_hits, { p: node.hits }));
      if (!isOpen) extra = `<span class="pt-mark pt-inside">${CHECK_SVG}${esc(fmt(L.hits_inside, { p: node.hits }))}</span>`;
    }
    if (!isLeaf && !isOpen) aria.push(fmt(L.item_closed, { n: node.children.length }));
    const classes = ["pt-item", isLeaf ? "pt-leaf" : "pt-inner", onPath ? "pt-on" : "",
      isLeaf && node.achieved ? "pt-hit" : ""].filter(Boolean).join(" ");
    const label = node.token === null
      ? `<span class="pt-name">${esc(L.start)}</span>`
      : tokenHtml(v, node.token);
    // the branch as the bag shows it (2/4: tokens of the colour left / tokens left); P is reduced
    const branch = node.parent === null ? "" : `<span class="pt-branch" aria-hidden="true">${esc(node.branch_counts)}</span>`;
    const twisty = isLeaf ? "" : `<span class="pt-twisty" aria-hidden="true">${isOpen ? "−" : "+"}</span>`;
    let children = "";
    if (isOpen) {
      children = `<ul class="pt-group" role="group">${node.children.map((c) => itemHtml(v, nodes[c], open, L)).join("")}</ul>`;
    }
    return `<li class="${classes}" role="treeitem" id="${uid}-n${node.id}" data-node="${node.id}"
        aria-level="${node.depth + 1}" ${isLeaf ? "" : `aria-expanded="${isOpen}"`}
        aria-selected="${node.id === focusId}" tabindex="${node.id === focusId ? 0 : -1}"
        aria-label="${esc(aria.join("; "))}">
      <div class="pt-row">${branch}<span class="pt-node" data-testid="pt-node-${node.id}">${twisty}${label}
        <span class="pt-p">${esc(fmt(L.path_p, { p: node.probability }))}</span>${extra}</span></div>${children}</li>`;
  }

  function draw() {
    const v = view();
    if (!v.tree) return;
    const L = v.labels;
    const t = v.tree;
    const open = openSet();
    const hadFocus = root.contains(document.activeElement) && document.activeElement.getAttribute("role") === "treeitem";
    if (!t.nodes[focusId] || !visibleIds(t, open).includes(focusId)) focusId = nearestVisible(t, open, focusId);
    for (const [c, f] of Object.entries(v.fills || {})) {  // the palette of widgets/tokens.py
      root.style.setProperty(`--pt-${c}-light`, f.light);
      root.style.setProperty(`--pt-${c}-dark`, f.dark);
    }
    part(".pt-title").textContent = L.title;
    part(".pt-intro").textContent = L.intro;
    const bag = v.bag.map((b) => `<span class="pt-bagitem">${tokenHtml(v, b.colour)} × ${b.count}</span>`).join(" ");
    const shown = t.shown.length
      ? `<span class="pt-shown">${esc(L.shown)}: ${t.shown.map((c) => `<span class="pt-bagitem">${tokenHtml(v, c)}</span>`).join(" ")}</span>`
      : "";
    part(".pt-bag").innerHTML = `<span class="pt-bagword">${esc(L.bag)}:</span> ${bag} ${shown}
      <span class="pt-draws">${esc(fmt(L.draws, { n: t.draws - t.shown.length }))}</span>
      ${t.lumped ? `<span class="pt-lumped">${esc(L.lumped)}</span>` : ""}`;
    part(".pt-target-word").textContent = L.target;
    const select = part(".pt-target");
    select.innerHTML = v.target_options.map((o) => `<option value="${esc(o.code)}">${esc(o.text)}</option>`).join("");
    select.value = t.target ?? "";
    part('[data-cmd="expand_all"]').textContent = L.expand_all;
    part('[data-cmd="collapse_all"]').textContent = L.collapse_all;
    treeEl.setAttribute("aria-label", fmt(L.tree_label, { n: t.nodes.length, leaves: t.leaves }));
    treeEl.innerHTML = itemHtml(v, t.nodes[0], open, L);
    root.dataset.target = t.target ?? "";
    root.dataset.open = [...open].join(",");
    part(".pt-legend").innerHTML = t.target === null ? "" : `
      <span class="pt-legend-item"><span class="pt-mark pt-hit-mark pt-hit">${CHECK_SVG}${esc(L.achieved)}</span> ${esc(L.legend_hit)}</span>
      <span class="pt-legend-item"><span class="pt-legend-line" aria-hidden="true"></span> ${esc(L.legend_line)}</span>`;
    const sum = part(".pt-sum");
    if (t.sum) {
      sum.innerHTML = `<b>${esc(L.sum_title)}</b><br>${esc(fmt(L.sum, {
        k: t.achieving.length, leaves: t.leaves, target: t.target_text, text: t.sum.text, pct: pct(t.sum.float) }))}`;
      sum.dataset.value = t.sum.value;
    } else {
      sum.textContent = L.sum_none;
      sum.dataset.value = "";
    }
    part(".pt-keys").textContent = L.keys;
    drawError();
    if (hadFocus) focusNode(focusId);
  }

  function drawError() {
    const err = model.get("error") || {};
    const box = part(".pt-error");
    const L = (view().labels) || {};
    if (!err.en) { box.hidden = true; box.textContent = ""; return; }
    // a refused target: the list shows the target the tree still has
    const t = view().tree;
    if (t) part(".pt-target").value = t.target ?? "";
    box.hidden = false;
    box.innerHTML = `<b>${esc(L.error)}:</b> ${esc(model.get("lang") === "zh" ? err.zh : err.en)}`;
  }

  // ------------------------------------------------------------- keyboard (WAI-ARIA tree pattern)
  function visibleIds(t, open) {
    const out = [];
    const walk = (id) => {
      out.push(id);
      const n = t.nodes[id];
      if (n.children.length && open.has(id)) n.children.forEach(walk);
    };
    walk(0);
    return out;
  }
  function nearestVisible(t, open, id) {
    const visible = new Set(visibleIds(t, open));
    let n = t.nodes[id];
    while (n && !visible.has(n.id)) n = n.parent === null ? null : t.nodes[n.parent];
    return n ? n.id : 0;
  }
  function focusNode(id) {
    focusId = id;
    treeEl.querySelectorAll('[role="treeitem"]').forEach((item) => {
      const me = Number(item.dataset.node) === id;
      item.tabIndex = me ? 0 : -1;
      item.setAttribute("aria-selected", String(me));
    });
    const item = treeEl.querySelector(`[data-node="${id}"]`);
    if (item) { item.focus({ preventScroll: false }); }
  }
  function toggle(id) {
    const t = view().tree;
    if (!t.nodes[id].children.length) return;
    const open = openSet();
    if (open.has(id)) open.delete(id); else open.add(id);
    focusId = id;
    setOpen(open);
  }
  function onKey(event) {
    const item = event.target.closest('[role="treeitem"]');
    if (!item || !treeEl.contains(item)) return;
    const t = view().tree;
    const open = openSet();
    const id = Number(item.dataset.node);
    const node = t.nodes[id];
    const visible = visibleIds(t, open);
    const at = visible.indexOf(id);
    let handled = true;
    switch (event.key) {
      case "ArrowDown": if (at < visible.length - 1) focusNode(visible[at + 1]); break;
      case "ArrowUp": if (at > 0) focusNode(visible[at - 1]); break;
      case "Home": focusNode(visible[0]); break;
      case "End": focusNode(visible[visible.length - 1]); break;
      case "ArrowRight":
        if (node.children.length && !open.has(id)) toggle(id);
        else if (node.children.length) focusNode(node.children[0]);
        break;
      case "ArrowLeft":
        if (node.children.length && open.has(id)) toggle(id);
        else if (node.parent !== null) focusNode(node.parent);
        break;
      case "Enter": case " ": toggle(id); break;
      default: handled = false;
    }
    if (handled) { event.preventDefault(); event.stopPropagation(); }
  }
  function onClick(event) {
    const button = event.target.closest("button[data-cmd]");
    if (button && root.contains(button)) {
      const t = view().tree;
      setOpen(button.dataset.cmd === "expand_all" ? t.nodes.filter((n) => n.children.length).map((n) => n.id) : []);
      return;
    }
    const row = event.target.closest(".pt-row");
    if (!row || !treeEl.contains(row)) return;
    const item = row.parentElement;
    event.stopPropagation();
    const id = Number(item.dataset.node);
    focusId = id;
    toggle(id);
    focusNode(id);
  }
  function onChange(event) {
    if (event.target.classList.contains("pt-target")) {
      model.send({ type: "set_target", target: event.target.value });
    }
  }
  // JupyterLab's notebook treats some keys as commands: keep the tree's keys inside the tree.
  treeEl.addEventListener("keydown", onKey);
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  const redraw = () => draw();
  model.on("change:view", redraw);
  model.on("change:open_nodes", redraw);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  draw();
  return () => {
    model.off("change:view", redraw);
    model.off("change:open_nodes", redraw);
    model.off("change:error", drawError);
    model.off("change:lang", redraw);
  };
}

export default { render };
