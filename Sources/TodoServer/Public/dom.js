// Building the page's elements: the modules that draw rows and buttons share this, so that
// an element and the properties it starts with are one call.

/** A new `tag` element with `properties` set on it (`className`, `type`, `textContent`, …). */
export function element(tag, properties = {}) {
  return Object.assign(document.createElement(tag), properties);
}
