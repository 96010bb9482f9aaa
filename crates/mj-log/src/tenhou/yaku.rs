//! Tenhou's yaku ids (`AGARI yaku="id,han,..."` and `yakuman="id,..."`) and this project's yaku
//! names (PROTOCOL.md `score`, `mj_score::riichi::Yaku::name`).

/// Tenhou's yaku ids 0..=54, in id order: (id's Japanese name, this project's name).
///
/// Ids 10-13 are the seat winds (東南西北) and 14-17 the round winds: both map to the one
/// project name for their role. Id 36 (人和) is Tenhou's non-yakuman renhou, which its rules
/// do not use. Kita in three-player games count under id 52 (dora).
pub const TENHOU_YAKU: [(&str, &str); 55] = [
    ("門前清自摸和", "menzen_tsumo"),
    ("立直", "riichi"),
    ("一発", "ippatsu"),
    ("槍槓", "chankan"),
    ("嶺上開花", "rinshan"),
    ("海底摸月", "haitei"),
    ("河底撈魚", "houtei"),
    ("平和", "pinfu"),
    ("断幺九", "tanyao"),
    ("一盃口", "iipeikou"),
    ("自風 東", "yakuhai_seat_wind"),
    ("自風 南", "yakuhai_seat_wind"),
    ("自風 西", "yakuhai_seat_wind"),
    ("自風 北", "yakuhai_seat_wind"),
    ("場風 東", "yakuhai_round_wind"),
    ("場風 南", "yakuhai_round_wind"),
    ("場風 西", "yakuhai_round_wind"),
    ("場風 北", "yakuhai_round_wind"),
    ("役牌 白", "yakuhai_haku"),
    ("役牌 發", "yakuhai_hatsu"),
    ("役牌 中", "yakuhai_chun"),
    ("両立直", "double_riichi"),
    ("七対子", "chiitoitsu"),
    ("混全帯幺九", "chanta"),
    ("一気通貫", "ittsu"),
    ("三色同順", "sanshoku"),
    ("三色同刻", "sanshoku_doukou"),
    ("三槓子", "sankantsu"),
    ("対々和", "toitoi"),
    ("三暗刻", "sanankou"),
    ("小三元", "shousangen"),
    ("混老頭", "honroutou"),
    ("二盃口", "ryanpeikou"),
    ("純全帯幺九", "junchan"),
    ("混一色", "honitsu"),
    ("清一色", "chinitsu"),
    ("人和", "renhou"),
    ("天和", "tenhou"),
    ("地和", "chiihou"),
    ("大三元", "daisangen"),
    ("四暗刻", "suuankou"),
    ("四暗刻単騎", "suuankou_tanki"),
    ("字一色", "tsuuiisou"),
    ("緑一色", "ryuuiisou"),
    ("清老頭", "chinroutou"),
    ("九蓮宝燈", "chuuren"),
    ("純正九蓮宝燈", "junsei_chuuren"),
    ("国士無双", "kokushi"),
    ("国士無双１３面", "kokushi_13"),
    ("大四喜", "daisuushii"),
    ("小四喜", "shousuushii"),
    ("四槓子", "suukantsu"),
    ("ドラ", "dora"),
    ("裏ドラ", "ura_dora"),
    ("赤ドラ", "aka_dora"),
];

/// This project's name (PROTOCOL.md `score`) of Tenhou's yaku `id`; `None` above 54.
///
/// ```
/// use mj_log::tenhou::yaku_name;
/// assert_eq!(yaku_name(1), Some("riichi"));
/// assert_eq!(yaku_name(54), Some("aka_dora"));
/// assert_eq!(yaku_name(55), None);
/// ```
pub fn yaku_name(id: u8) -> Option<&'static str> {
    TENHOU_YAKU.get(usize::from(id)).map(|&(_, name)| name)
}

/// `true` for Tenhou's yakuman ids (37..=51), which `AGARI` lists under `yakuman`.
pub const fn is_yakuman(id: u8) -> bool {
    matches!(id, 37..=51)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_score::riichi::Yaku;

    #[test]
    fn every_name_is_a_project_yaku_name() {
        for (id, &(jp, name)) in TENHOU_YAKU.iter().enumerate() {
            assert!(
                Yaku::ALL.iter().any(|y| y.name() == name),
                "Tenhou id {id} ({jp}) maps to {name}, which mj_score does not know"
            );
        }
    }

    #[test]
    fn every_project_yaku_but_the_optional_ones_has_an_id() {
        // Not on Tenhou: kokushi-style renhou as yakuman (renhou_yakuman); nagashi mangan is a
        // draw there (RYUUKYOKU type="nm"), not a yaku.
        for y in Yaku::ALL {
            let n = y.name();
            // Kita: Tenhou counts the norths set aside under id 52 (dora).
            if n == "renhou_yakuman" || n == "kita" {
                continue;
            }
            assert!(
                TENHOU_YAKU.iter().any(|&(_, t)| t == n),
                "{n} has no Tenhou id"
            );
        }
    }
}
