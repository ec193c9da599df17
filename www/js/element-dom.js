// Building the <gomoku-board>'s shadow DOM by hand: elements with properties and children,
// and the few icons as SVG paths. No HTML is ever parsed, so no attribute value or game text
// can become markup.

const SVG = 'http://www.w3.org/2000/svg';

/** `<tag>` with `props` set as properties (`dataset` merged, `role` as an attribute) and `children` appended. */
export function make(tag, props = {}, children = []) {
  const { dataset, role, ...rest } = props;
  const element = Object.assign(document.createElement(tag), rest);
  if (dataset) Object.assign(element.dataset, dataset);
  if (role) element.setAttribute('role', role);
  element.append(...children);
  return element;
}

/** A 16×16 icon drawn by the path `d`, hidden from screen readers (its button has the name). */
export function icon(d) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

/** The icons' paths: the same as the game page's. */
export const ICONS = {
  prev: 'M12 2v12L4 8z',
  next: 'M4 2v12l8-6z',
  openFull: 'M9 2h5v5h-2V5.4L7.7 9.7 6.3 8.3 10.6 4H9zM3 4h4v2H4v6h6V9h2v5H2V4z',
};
