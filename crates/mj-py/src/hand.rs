//! A hand from Python, read as it is given, with no text in between: an mpsz string, 34 tile
//! counts or Tenhou 136 ids (a list, a tuple, a one-dimensional NumPy array of integers, or any
//! other sequence of integers). Also the single tiles the other arguments name (a winning tile,
//! indicators, meld tiles), read in the hand's form.
//!
//! A sequence of integers is 34 tile counts when it has 34 items that are all 0-4 or repeat (136
//! ids never repeat, and 34 distinct ids cannot all be below 5), and Tenhou 136 ids otherwise.

use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

use mj_protocol::OpError;
use mj_tiles::notation::parse_hand;
use mj_tiles::{NotationError, Piece, Tile, TileCounts, TileId};

use crate::error::op_error;

/// How the hand was given: it decides how an integer names a tile elsewhere in the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// An mpsz string: integers elsewhere are kind indices (0-33).
    Mpsz,
    /// 34 counts: integers elsewhere are kind indices (0-33).
    Counts,
    /// Tenhou 136 ids: integers elsewhere are 136 ids too (16, 52, 88 the red fives).
    Ids,
}

/// A hand as read: its counts by kind, and its red fives.
#[derive(Clone, Debug)]
pub(crate) struct HandTiles {
    pub(crate) form: Form,
    pub(crate) counts: TileCounts,
    /// mpsz: the pieces in the order written (empty otherwise).
    written: Vec<Piece>,
    /// 136 ids: the red fives held, per numbered suit.
    red: [u8; 3],
    /// 136 ids: the ids held, a bit each.
    ids: [u64; 3],
}

impl HandTiles {
    /// A hand given as 34 counts.
    pub(crate) fn of_counts(counts: TileCounts) -> HandTiles {
        HandTiles {
            form: Form::Counts,
            counts,
            written: Vec::new(),
            red: [0; 3],
            ids: [0; 3],
        }
    }

    /// The pieces of the ids held, in id order.
    fn id_pieces(&self) -> Vec<Piece> {
        let mut out = Vec::with_capacity(self.counts.total() as usize);
        for (w, &word) in self.ids.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let id = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(id) = u8::try_from(id).ok().and_then(TileId::new) {
                    out.push(id.piece());
                }
            }
        }
        out
    }

    /// Does the hand, given as 136 ids, hold this id?
    pub(crate) fn holds_id(&self, id: u8) -> bool {
        let id = usize::from(id);
        self.ids
            .get(id / 64)
            .is_some_and(|word| word >> (id % 64) & 1 == 1)
    }

    /// The concealed pieces: mpsz in the order written, counts and ids by kind (a red five
    /// before the plain fives of its suit).
    pub(crate) fn pieces(&self) -> Vec<Piece> {
        match self.form {
            Form::Mpsz => return self.written.clone(),
            Form::Ids => return self.id_pieces(),
            Form::Counts => {}
        }
        let mut out = Vec::with_capacity(self.counts.total() as usize);
        for (tile, &n) in Tile::ALL.iter().zip(self.counts.as_array()) {
            for copy in 0..n {
                // The red fives first, as many as the ids held.
                let red = tile.rank() == 5
                    && self.red.get(tile.suit().index()).is_some_and(|&r| copy < r);
                out.push(match Piece::red_five(tile.suit()) {
                    Some(p) if red => p,
                    _ => Piece::new(*tile),
                });
            }
        }
        out
    }
}

/// Most items an integer sequence may have: every id once, plus one to notice more.
const MAX_INTS: usize = TileId::COUNT + 1;

/// Room for the integers of a sequence.
type Ints = [i64; MAX_INTS];

/// A short description of a Python value's type for messages (`int`, `str`, ...).
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |n| n.to_string())
}

/// One integer item of a sequence, or an error naming where (`what[i]`) and what came.
fn int_item(item: &Bound<'_, PyAny>, what: &str, i: usize) -> Result<i64, OpError> {
    item.extract::<i64>().map_err(|_| {
        OpError::InvalidHand(format!(
            "{what}[{i}]: expected an integer, got {}",
            type_name(item)
        ))
    })
}

/// The ints 0..[`MAX_INTS`] as this interpreter holds them. CPython keeps one object for each
/// small int (-5 to 256), in one array, and every int it makes in that range is that object: an
/// item of a hand is then read by its address, without the call `PyLong_AsLong` costs (the
/// larger part of reading a list of 34 counts under the stable ABI). The objects are kept here,
/// and the reading is used only when they lie at equal steps from 0, so an address in that
/// range is one of them (no other object can be there while they live); an interpreter that
/// keeps ints otherwise is read by the call.
struct SmallInts {
    /// The objects, kept alive.
    _objects: Vec<Py<PyAny>>,
    /// The address of 0, and the step between neighbours: a power of two (its log, and the
    /// mask of an address's offset within it).
    base: usize,
    shift: u32,
    mask: usize,
}

static SMALL_INTS: PyOnceLock<Option<SmallInts>> = PyOnceLock::new();

impl SmallInts {
    /// The kept ints, or None when the interpreter does not lay them out as CPython does.
    fn get(py: Python<'_>) -> Option<&'static SmallInts> {
        SMALL_INTS.get_or_init(py, || SmallInts::new(py)).as_ref()
    }

    fn new(py: Python<'_>) -> Option<SmallInts> {
        let mut objects = Vec::with_capacity(MAX_INTS);
        for k in 0..MAX_INTS {
            objects.push(k.into_pyobject(py).ok()?.into_any().unbind());
        }
        let address = |k: usize| objects.get(k).map(|o| o.as_ptr() as usize);
        let base = address(0)?;
        let stride = address(1)?.wrapping_sub(base);
        let evenly = (0..MAX_INTS).all(|k| address(k) == Some(base.wrapping_add(k * stride)));
        if !stride.is_power_of_two() || !evenly {
            return None;
        }
        Some(SmallInts {
            _objects: objects,
            base,
            shift: stride.trailing_zeros(),
            mask: stride - 1,
        })
    }

    /// The reader of the ints below `limit` (at most [`MAX_INTS`]): the value of the object at
    /// an address, if it is one of them.
    #[inline]
    fn below(&self, limit: usize) -> impl Fn(usize) -> Option<usize> + use<> {
        let (base, shift, mask) = (self.base, self.shift, self.mask);
        let limit = limit.min(MAX_INTS);
        move |address| {
            let offset = address.wrapping_sub(base);
            let k = offset >> shift;
            (offset & mask == 0 && k < limit).then_some(k)
        }
    }
}

/// The integers of a one-dimensional NumPy array of an integer dtype, into `out`; their
/// number (more than `out` holds when the array is longer).
fn array_ints(
    array: &Bound<'_, PyUntypedArray>,
    what: &str,
    out: &mut Ints,
) -> Result<usize, OpError> {
    if array.ndim() != 1 {
        return Err(OpError::InvalidHand(format!(
            "{what}: a NumPy array of counts or ids has one dimension, got shape {:?}",
            array.shape()
        )));
    }
    let n = array.len();
    if n > MAX_INTS {
        return Ok(n);
    }
    macro_rules! each_dtype {
        ($($t:ty),*) => {
            $(
                if let Ok(a) = array.cast::<PyArray1<$t>>() {
                    let values = match a.to_vec() {
                        Ok(v) => v,
                        Err(_) => a.to_owned_array().to_vec(),
                    };
                    for (slot, v) in out.iter_mut().zip(values) {
                        *slot = i64::try_from(v).unwrap_or(i64::MAX);
                    }
                    return Ok(n);
                }
            )*
        };
    }
    each_dtype!(u8, i8, i16, u16, i32, u32, i64, u64);
    Err(OpError::InvalidHand(format!(
        "{what}: a NumPy array of counts or ids has an integer dtype, got {}",
        array
            .dtype()
            .str()
            .map_or_else(|_| "another".to_owned(), |s| s.to_string())
    )))
}

/// The integers of a tuple into `out`; their number.
fn tuple_ints(tuple: &Bound<'_, PyTuple>, what: &str, out: &mut Ints) -> Result<usize, OpError> {
    let n = tuple.len();
    if n > MAX_INTS {
        return Ok(n);
    }
    let value = SmallInts::get(tuple.py()).map(|s| s.below(MAX_INTS));
    for (i, (slot, item)) in out.iter_mut().zip(tuple.iter_borrowed()).enumerate() {
        *slot = match value.as_ref().and_then(|v| v(item.as_ptr() as usize)) {
            Some(v) => v as i64,
            None => int_item(&item, what, i)?,
        };
    }
    Ok(n)
}

/// The address of an object: what [`SmallInts`] reads.
fn address(obj: &Bound<'_, PyAny>) -> usize {
    obj.as_ptr() as usize
}

/// The tiles of `n` items (their addresses) that are all kept small ints ([`SmallInts`]) and a
/// valid hand: 34 counts of 0-4, or ids 0-135 each once. None sends the sequence to the general
/// reader, which names what is wrong.
fn small_hand(
    py: Python<'_>,
    n: usize,
    addresses: impl Iterator<Item = usize>,
) -> Option<HandTiles> {
    let small = SmallInts::get(py)?;
    if n == Tile::COUNT {
        let count = small.below(5);
        let mut counts = [0u8; Tile::COUNT];
        for (slot, a) in counts.iter_mut().zip(addresses) {
            *slot = count(a)? as u8;
        }
        return Some(HandTiles {
            form: Form::Counts,
            counts: TileCounts::new(counts).ok()?,
            written: Vec::new(),
            red: [0; 3],
            ids: [0; 3],
        });
    }
    if n > TileId::COUNT {
        return None;
    }
    let mut counts = [0u8; Tile::COUNT];
    let mut used = [0u64; 3];
    let mut red = [0u8; 3];
    let id_of = small.below(TileId::COUNT);
    for a in addresses {
        let id = id_of(a)?;
        let bit = 1u64 << (id % 64);
        let word = used.get_mut(id / 64)?;
        if *word & bit != 0 {
            return None;
        }
        *word |= bit;
        let id = TileId::new(u8::try_from(id).ok()?)?;
        counts[id.tile().index()] += 1;
        if id.is_red() {
            red[id.tile().suit().index()] += 1;
        }
    }
    Some(HandTiles {
        form: Form::Ids,
        counts: TileCounts::new(counts).ok()?,
        written: Vec::new(),
        red,
        ids: used,
    })
}

/// [`small_hand`] of a list. Under the stable ABI (feature `abi3`) an item of a list costs a
/// call into the interpreter and two more to count a reference, and an item of a tuple one
/// call: the items are read from a snapshot of them. Otherwise they are read in place, inline.
#[cfg(feature = "abi3")]
fn small_list(list: &Bound<'_, PyList>) -> Option<HandTiles> {
    let tuple = list.to_tuple();
    small_hand(
        list.py(),
        tuple.len(),
        tuple.iter_borrowed().map(|i| address(&i)),
    )
}

#[cfg(not(feature = "abi3"))]
fn small_list(list: &Bound<'_, PyList>) -> Option<HandTiles> {
    small_hand(list.py(), list.len(), list.iter().map(|i| address(&i)))
}

/// The integers of `obj` into `out` if it is a sequence of them (list, tuple, NumPy array, or
/// any other iterable but a string): their number, which may be more than `out` holds; `None`
/// if it is no sequence at all. An item that is no integer is `invalid_hand` naming it.
fn read_ints(obj: &Bound<'_, PyAny>, what: &str, out: &mut Ints) -> Result<Option<usize>, OpError> {
    if let Ok(list) = obj.cast::<PyList>() {
        if list.len() > MAX_INTS {
            return Ok(Some(list.len()));
        }
        return tuple_ints(&list.to_tuple(), what, out).map(Some);
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        return tuple_ints(tuple, what, out).map(Some);
    }
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        return array_ints(array, what, out).map(Some);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(None);
    }
    let Ok(iter) = obj.try_iter() else {
        return Ok(None);
    };
    let mut n = 0;
    for item in iter {
        let item = item.map_err(|e| OpError::InvalidHand(format!("{what}[{n}]: {e}")))?;
        if let Some(slot) = out.get_mut(n) {
            *slot = int_item(&item, what, n)?;
        } else {
            // One past the room is enough to know there are too many.
            return Ok(Some(n + 1));
        }
        n += 1;
    }
    Ok(Some(n))
}

/// The hand of a call. Errors are `MjError`s as the protocol names them: `invalid_hand` (not a
/// hand, a bad item, an id twice), `fifth_copy` (a count above 4, or a fifth copy in mpsz).
pub(crate) fn read_hand(obj: &Bound<'_, PyAny>) -> PyResult<HandTiles> {
    read_tiles(obj, "hand").map_err(|e| op_error(&e))
}

/// Tiles given as a hand is (mpsz, 34 counts or 136 ids), `what` naming the argument in
/// messages.
pub(crate) fn read_tiles(obj: &Bound<'_, PyAny>, what: &str) -> Result<HandTiles, OpError> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text
            .to_cow()
            .map_err(|e| OpError::InvalidHand(format!("{what}: {e}")))?;
        return read_mpsz(&text, what);
    }
    // A plain hand of small ints is read without a call to read each int.
    let small = if let Ok(list) = obj.cast::<PyList>() {
        small_list(list)
    } else if let Ok(tuple) = obj.cast::<PyTuple>() {
        small_hand(
            tuple.py(),
            tuple.len(),
            tuple.iter_borrowed().map(|i| address(&i)),
        )
    } else {
        None
    };
    if let Some(tiles) = small {
        return Ok(tiles);
    }
    let mut ints: Ints = [0; MAX_INTS];
    let Some(len) = read_ints(obj, what, &mut ints)? else {
        return Err(OpError::InvalidHand(format!(
            "`{what}` must be an mpsz string, 34 tile counts or Tenhou 136 ids, got {}",
            type_name(obj)
        )));
    };
    let values = &ints[..len.min(MAX_INTS)];
    if len == Tile::COUNT {
        if let Some(counts) = plain_counts(values) {
            return Ok(HandTiles {
                form: Form::Counts,
                counts,
                written: Vec::new(),
                red: [0; 3],
                ids: [0; 3],
            });
        }
        if repeats(values) {
            return Err(count_error(values, what));
        }
    }
    read_ids(values, len, what)
}

/// Tiles of an mpsz string, with the protocol's errors for its `hand` field.
fn read_mpsz(text: &str, what: &str) -> Result<HandTiles, OpError> {
    let (written, counts) = parse_hand(text).map_err(|e| match e {
        NotationError::FifthCopy { .. } => OpError::FifthCopy(format!("{what}: {e}")),
        _ => OpError::InvalidHand(format!("{what}: {e}")),
    })?;
    Ok(HandTiles {
        form: Form::Mpsz,
        counts,
        written,
        red: [0; 3],
        ids: [0; 3],
    })
}

/// 34 values that are all 0-4, as counts.
fn plain_counts(values: &[i64]) -> Option<TileCounts> {
    let mut counts = [0u8; Tile::COUNT];
    for (slot, &v) in counts.iter_mut().zip(values) {
        *slot = u8::try_from(v).ok().filter(|&c| c <= 4)?;
    }
    TileCounts::new(counts).ok()
}

/// Does a value in 0-135 appear twice?
fn repeats(values: &[i64]) -> bool {
    let mut seen = [false; TileId::COUNT];
    values.iter().any(|&v| match usize::try_from(v) {
        Ok(i) if i < TileId::COUNT => std::mem::replace(&mut seen[i], true),
        _ => false,
    })
}

/// The error of 34 counts with one outside 0-4 (the first).
fn count_error(values: &[i64], what: &str) -> OpError {
    for (kind, &count) in values.iter().enumerate() {
        let Some(tile) = u8::try_from(kind).ok().and_then(Tile::new) else {
            continue;
        };
        if count > 4 {
            return OpError::FifthCopy(format!(
                "{what}[{kind}]: {count} copies of {tile} (at most 4 of a kind)"
            ));
        }
        if count < 0 {
            return OpError::InvalidHand(format!(
                "{what}[{kind}]: tile count {count} of {tile} is negative"
            ));
        }
    }
    OpError::InvalidHand(format!("{what}: 34 counts, each 0-4"))
}

/// Tenhou 136 ids: each 0-135, each once, at most 136 of them.
fn read_ids(values: &[i64], len: usize, what: &str) -> Result<HandTiles, OpError> {
    if len > TileId::COUNT {
        return Err(OpError::InvalidHand(format!(
            "{what}: {len} tile ids (at most 136, each once)"
        )));
    }
    let mut counts = [0u8; Tile::COUNT];
    let mut used = [false; TileId::COUNT];
    let mut bits = [0u64; 3];
    let mut red = [0u8; 3];
    for (i, &v) in values.iter().enumerate() {
        let Some(id) = u8::try_from(v).ok().and_then(TileId::new) else {
            return Err(OpError::InvalidHand(format!(
                "{what}[{i}]: {v} is not a Tenhou tile id (0-135)"
            )));
        };
        let slot = &mut used[usize::from(id.as_u8())];
        if std::mem::replace(slot, true) {
            return Err(OpError::InvalidHand(format!(
                "{what}[{i}]: tile id {v} given twice"
            )));
        }
        counts[id.tile().index()] += 1;
        if id.is_red() {
            red[id.tile().suit().index()] += 1;
        }
        let id = usize::from(id.as_u8());
        bits[id / 64] |= 1 << (id % 64);
    }
    // Four ids per kind: no count is above 4.
    let counts = TileCounts::new(counts).map_err(|e| OpError::FifthCopy(format!("{what}: {e}")))?;
    Ok(HandTiles {
        form: Form::Ids,
        counts,
        written: Vec::new(),
        red,
        ids: bits,
    })
}

/// One tile named by an argument: an mpsz tile (`"5m"`, `"0p"`), or an integer read in the
/// hand's form (a 136 id when the hand is ids, else a kind index 0-33). `what` names the
/// argument in the error's message (`win_tile`, `dora[2]`; made only for an error); `kind`
/// builds the error.
pub(crate) fn read_tile(
    obj: &Bound<'_, PyAny>,
    form: Form,
    what: impl FnOnce() -> String,
    kind: fn(String) -> OpError,
) -> PyResult<Piece> {
    tile_of(obj, form).map_err(|m| op_error(&kind(format!("{}: {m}", what()))))
}

/// [`read_tile`] with the error's message alone, without the argument's name.
pub(crate) fn tile_of(obj: &Bound<'_, PyAny>, form: Form) -> Result<Piece, String> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow().map_err(|e| e.to_string())?;
        return text.parse::<Piece>().map_err(|e| e.to_string());
    }
    let Ok(v) = obj.extract::<i64>() else {
        return Err(format!(
            "a tile is an mpsz string such as \"5m\" or an integer, got {}",
            type_name(obj)
        ));
    };
    kind_or_id(v, form).ok_or_else(|| match form {
        Form::Ids => format!("{v} is not a Tenhou tile id (0-135)"),
        _ => format!("{v} is not a tile kind (0-33)"),
    })
}

/// The piece of an integer in the hand's form.
pub(crate) fn kind_or_id(v: i64, form: Form) -> Option<Piece> {
    let byte = u8::try_from(v).ok()?;
    match form {
        Form::Ids => TileId::new(byte).map(TileId::piece),
        _ => Tile::new(byte).map(Piece::new),
    }
}
