// The attributes of <gomoku-board>: the link's parameters (PARAMS in url-state.js) under the
// same names, read by the same parsers, so a link, an iframe embed and an element say the
// same thing the same way. A yes/no option is on when present (`scores`, or `scores="1"`)
// and off when absent or "0". Kept apart from the element so plain node can check it.

import { PARAMS, takeParam } from './url-state.js';

/** The attributes the element follows: every parameter's name. */
export const ATTRIBUTES = Object.freeze(PARAMS.map((p) => p.name));

const KIND = new Map(PARAMS.map((p) => [p.name, p.kind]));

/**
 * The parameters of `element` as a Map, in attribute order (of two names of one setting, the
 * later), for readParams (url-state.js), which reads a link's the same way.
 */
export function attributeParams(element) {
  const params = new Map();
  for (const name of element.getAttributeNames()) {
    if (KIND.has(name)) takeParam(params, name, element.getAttribute(name));
  }
  return params;
}

/** The texts of the parameters of one kind ('game' or 'option'): equal keys, same settings. */
export function paramsKey(params, kind) {
  return JSON.stringify([...params].filter(([name]) => KIND.get(name) === kind).sort(([a], [b]) => (a < b ? -1 : 1)));
}
