//! serde support (feature `serde`): tiles and hands as mpsz strings, sets as arrays of tiles,
//! melds as `{"kind": "chi", "tiles": "345m", "called": "4m", "from": 1}` as in PROTOCOL.md.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{
    Eigen, Group, GroupKind, Meld, MeldKind, Piece, Tile, TileCounts, TileId, TileSet, notation,
};

macro_rules! via_string {
    ($ty:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    };
}

via_string!(Tile);
via_string!(Piece);
via_string!(TileCounts);

/// A tile id is its number (0..136), as Tenhou's logs and the mjai engines write it.
impl Serialize for TileId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.as_u8())
    }
}

impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = u8::deserialize(d)?;
        TileId::new(id).ok_or_else(|| D::Error::custom(format!("tile id {id} is not below 136")))
    }
}

impl Serialize for TileSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for TileSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Tile>::deserialize(d)?.into_iter().collect())
    }
}

impl Serialize for Eigen {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Eigen {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let digits = text.strip_prefix("0x").unwrap_or(&text);
        let raw = u64::from_str_radix(digits, 16).map_err(D::Error::custom)?;
        Eigen::new(raw).ok_or_else(|| D::Error::custom(format!("{text} is not an eigen")))
    }
}

impl Serialize for MeldKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for MeldKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        MeldKind::from_name(&text)
            .ok_or_else(|| D::Error::custom(crate::MeldError::UnknownKind(text)))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MeldWire {
    kind: MeldKind,
    tiles: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    called: Option<Piece>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<u8>,
}

impl Serialize for Meld {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MeldWire {
            kind: self.kind(),
            tiles: notation::format_pieces(self.pieces()),
            called: self.called(),
            from: self.from(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let wire = MeldWire::deserialize(d)?;
        let pieces = notation::parse_pieces(&wire.tiles).map_err(D::Error::custom)?;
        Meld::new(wire.kind, &pieces, wire.called, wire.from).map_err(D::Error::custom)
    }
}

/// A group as PROTOCOL.md's `agari` answer writes a meld: `{"kind": "chi"|"pon"|"pair",
/// "tiles": "123m", "concealed": bool}` plus `"declared": "minkan"` for a declared meld (a
/// quad is a `pon` whose `tiles` has all four: the protocol names kans by `declared`).
impl Serialize for Group {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        let kind = match self.kind {
            GroupKind::Sequence => "chi",
            GroupKind::Triplet | GroupKind::Quad => "pon",
            GroupKind::Pair => "pair",
        };
        m.serialize_entry("kind", kind)?;
        let tiles: Vec<Tile> = self.tiles().collect();
        m.serialize_entry("tiles", &notation::format_tiles(&tiles))?;
        m.serialize_entry("concealed", &self.concealed)?;
        if let Some(d) = self.declared {
            m.serialize_entry("declared", d.name())?;
        }
        m.end()
    }
}
