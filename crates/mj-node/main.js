// The package's entry point: the addon's functions (index.js, the loader `napi build`
// generates), with `hu` and `shanten` on 34 counts answered first by the JavaScript reader of
// the same committed tables (fast.js). Every other call, and every hand or field the reader does not
// cover, goes to the addon unchanged: same answers, same errors. `HandIndex` (fast.js) is a
// hand kept across draws and discards whose win check answers `hu` of the same counts.
'use strict'
const native = require('./index.js')
const fast = require('./fast.js')

fast.init(native)

function hu(hand, fields) {
  const won = fast.hu(hand, fields)
  if (won >= 0) return won === 1
  return native.hu(hand, fields)
}

function shanten(hand, fields) {
  const s = fast.shanten(hand, fields)
  if (s >= -1) return s
  return native.shanten(hand, fields)
}

// Which way `hu` and `shanten` answer: `active` when the JavaScript reader is on, else
// `reason` says why (the addon then answers every call). Reading it loads the reader.
const state = (name) => {
  const reason = fast.status(name)
  return Object.freeze({ active: reason === null, reason })
}
const tablesReader = Object.freeze({
  get hu() {
    return state('hu')
  },
  get shanten() {
    return state('shanten')
  },
})

module.exports = { ...native, hu, shanten, tablesReader, HandIndex: fast.HandIndex }
