// The one way the boards build their DOM: h(tag, props, ...children) makes an element,
// svg(tag, attrs, ...children) an SVG one. No HTML strings: text is always a text node.
//
// props: class, dataset {key: value}, style (text), on<event> listeners; any other key is an
// attribute (true -> "", and null / undefined / false leave it out). Children may be nested
// arrays; null, undefined and false are skipped, anything else that is not a Node becomes text.

const SVG_NS = "http://www.w3.org/2000/svg";

// The nodes of `children`: nested arrays flattened, null / undefined / false skipped, the rest as text.
function nodes(children) {
  const out = [];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    out.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return out;
}

function append(node, children) {
  node.append(...nodes(children));
  return node;
}

export function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) node.dataset[k] = String(v);
    } else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.setAttribute("style", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  return append(node, children);
}

export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  return append(node, children);
}

// A node's children replaced by `children` (skipping nulls: the DOM's own replaceChildren
// would write a null as the text "null").
export function fill(node, ...children) {
  node.replaceChildren(...nodes(children));
  return node;
}

// A colour's symbol (widgets/tokens.py: {symbol, path, ink}) as an SVG, or null without one:
// colour is never the only cue.
export function markSvg(mark) {
  if (!mark) return null;
  return svg(
    "svg",
    { class: "tok-mark", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: mark.path, fill: mark.ink }),
  );
}
