// The package's entry point: the addon's functions (index.js, the loader `napi build`
// generates), with `hu` on 34 counts answered first by the JavaScript reader of the same
// committed tables (fast.js). Every other call, and every hand or field the reader does not
// cover, goes to the addon unchanged: same answers, same errors.
'use strict'
const native = require('./index.js')
const fast = require('./fast.js')

const reason = fast.load(native)

function hu(hand, fields) {
  const won = fast.hu(hand, fields)
  if (won >= 0) return won === 1
  return native.hu(hand, fields)
}

const exported = { ...native, hu }
// Which way `hu` answers: `active` when the JavaScript reader is on, else `reason` says why
// (the addon then answers every call).
exported.tablesReader = Object.freeze({ active: reason === null, reason })
module.exports = exported
