#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

use super::*;
use mj_hu::registry::Layer;

#[test]
fn presets_are_valid_and_other_seat_counts_are_errors() {
    for name in GameRules::PRESETS {
        let Some(rules) = GameRules::preset(name) else {
            panic!("{name} is listed but unknown");
        };
        assert_eq!(rules.validate(), Ok(()), "{name}");
        assert_eq!(rules.preset_name(), Some(name));
    }
    for players in [0, 1, 2, 5, 255] {
        let rules = GameRules {
            players,
            ..GameRules::tenhou()
        };
        assert_eq!(rules.validate(), Err(GameRulesError::Players(players)));
    }
    let mut rules = GameRules::tenhou();
    rules.riichi.kita = true;
    assert_eq!(rules.validate(), Err(GameRulesError::KitaWithFourPlayers));
    assert_eq!(GameRules::sichuan().validate(), Ok(()));
    let rules = GameRules {
        players: 3,
        ..GameRules::sichuan()
    };
    assert_eq!(
        rules.validate(),
        Err(GameRulesError::FlowNeedsFourPlayers(3))
    );
    for (wildcards, mut rules) in [
        (3, GameRules::sichuan()),
        (4, GameRules::tenhou()),
        (4, GameRules::hongzhong()),
    ] {
        rules.sichuan.wildcards = wildcards;
        assert_eq!(rules.validate(), Err(GameRulesError::Wildcards(wildcards)));
    }
    let mut rules = GameRules::sichuan();
    rules.mcr.mcr_own_walls = true;
    assert_eq!(rules.validate(), Err(GameRulesError::OwnWallsNeedMcr));
    for (alias, name) in [
        ("majsoul", "mahjong_soul"),
        ("tenhou_sanma", "sanma"),
        ("sanma_majsoul", "sanma_mahjong_soul"),
        ("xuezhan", "sichuan"),
        ("xuezhan_hongzhong", "sichuan_hongzhong"),
        ("guobiao", "mcr"),
        ("botzone", "mcr_botzone"),
    ] {
        assert_eq!(GameRules::preset(alias), GameRules::preset(name), "{alias}");
    }
    assert_eq!(GameRules::preset("nope"), None);
    assert!(GameRules::sichuan_hongzhong().red_wildcards());
    assert!(GameRules::hongzhong().red_wildcards());
    assert!(!GameRules::sichuan().red_wildcards());
}

#[test]
fn stakes_out_of_range_are_errors() {
    let cases: [(&str, GameRules, i32); 4] = [
        ("base_stake", GameRules::sichuan(), -1),
        ("hz_kong_bloom", GameRules::hongzhong(), 0),
        ("hz_win", GameRules::hongzhong(), i32::MAX),
        ("mcr_base", GameRules::mcr(), -8),
    ];
    for (want, mut rules, bad) in cases {
        // `set` refuses the value; a hand-built value is refused by `validate`.
        assert!(rules.set(want, SwitchValue::Int(bad)).is_err(), "{want}");
        match want {
            "base_stake" => rules.sichuan.base_stake = bad,
            "hz_kong_bloom" => rules.hongzhong.hz_kong_bloom = bad,
            "hz_win" => rules.hongzhong.hz_win = bad,
            _ => rules.mcr.mcr_base = bad,
        }
        match rules.validate() {
            Err(GameRulesError::Stake { name, .. }) => assert_eq!(name, want),
            other => panic!("{want}: {other:?}"),
        }
    }
    let mut edge = GameRules::hongzhong();
    edge.hongzhong.hz_kong_bloom = 100;
    edge.sichuan.base_stake = 1_000;
    assert_eq!(edge.validate(), Ok(()));
}

/// The JSON keys of the rules' fields (the parts flattened), in order.
fn field_names(r: &GameRules) -> Vec<String> {
    let v = serde_json::to_value(r).unwrap();
    let mut out = Vec::new();
    for (k, x) in v.as_object().unwrap() {
        match x.as_object() {
            Some(part) => out.extend(part.keys().cloned()),
            None => out.push(k.clone()),
        }
    }
    out
}

#[test]
fn every_field_is_a_registry_game_switch_and_back() {
    let registry: Vec<&str> = mj_hu::registry::game_switches()
        .map(|(s, _)| s.name)
        .collect();
    let mut fields = field_names(&GameRules::tenhou());
    let mut bound: Vec<&str> = switches::BOUND.to_vec();
    let mut want = registry.clone();
    fields.sort();
    bound.sort_unstable();
    want.sort_unstable();
    assert_eq!(bound, want, "bound names and the registry's game switches");
    assert_eq!(
        fields, want,
        "GameRules' fields and the registry's game switches"
    );
    // Each field sits in the part the registry names.
    let v = serde_json::to_value(GameRules::tenhou()).unwrap();
    for (s, g) in mj_hu::registry::game_switches() {
        let found = match g.part {
            GamePart::Common => v.get(s.name).is_some(),
            part => v[part.name()].get(s.name).is_some(),
        };
        assert!(found, "{} in part {}", s.name, g.part.name());
        // A game switch is either the game's own or a scoring switch the game passes on.
        assert!(
            matches!(s.layer, Layer::Game | Layer::Score(_)),
            "{}",
            s.name
        );
    }
}

#[test]
fn every_preset_is_the_registrys_values_and_set_reaches_every_field() {
    for p in GamePreset::ALL {
        let rules = GameRules::of_preset(p);
        for (s, g) in mj_hu::registry::game_switches() {
            let want = g.values[p as usize];
            assert_eq!(rules.get(s.name), Some(want), "{} under {p}", s.name);
            assert!(s.ty.accepts(want), "{} under {p}: {want:?}", s.name);
            let mut same = rules;
            assert_eq!(same.set(s.name, want), Ok(()), "{} under {p}", s.name);
            assert_eq!(same, rules, "{} set to its value under {p}", s.name);
            // Another value of its type reaches the field.
            let other = match want {
                SwitchValue::Bool(b) => Some(SwitchValue::Bool(!b)),
                SwitchValue::Int(x) => match s.ty {
                    SwitchType::Int { min, max } | SwitchType::IntOrNone { min, max } => {
                        [x - 1, x + 1]
                            .into_iter()
                            .find(|v| (min..=max).contains(v))
                            .map(SwitchValue::Int)
                    }
                    _ => None,
                },
                SwitchValue::None => Some(SwitchValue::Int(3)),
                SwitchValue::Ints(x) => Some(SwitchValue::Ints([x[0] + 1, x[1], x[2], x[3]])),
                SwitchValue::Name(n) => match s.ty {
                    SwitchType::OneOf(names) => names
                        .iter()
                        .find(|&&m| m != n)
                        .map(|m| SwitchValue::Name(m)),
                    _ => None,
                },
                _ => None,
            };
            let Some(other) = other else {
                panic!("{}: no other value", s.name);
            };
            let mut changed = rules;
            assert_eq!(changed.set(s.name, other), Ok(()), "{} = {other:?}", s.name);
            assert_eq!(changed.get(s.name), Some(other), "{}", s.name);
            assert_ne!(changed, rules, "{} = {other:?} under {p}", s.name);
        }
    }
    let mut r = GameRules::tenhou();
    for (name, value) in [
        ("kuitan", SwitchValue::Bool(true)),
        ("seven_pairs", SwitchValue::Bool(true)),
        ("nope", SwitchValue::Bool(true)),
        ("players", SwitchValue::Int(5)),
        ("uma", SwitchValue::Int(5)),
        ("flow", SwitchValue::Name("gin_rummy")),
        ("hz_birds", SwitchValue::Int(256)),
    ] {
        assert!(r.set(name, value).is_err(), "{name} = {value:?}");
    }
    assert_eq!(r, GameRules::tenhou());
}

#[test]
fn the_scorers_switches_come_from_the_game_switches_of_the_same_name() {
    for p in GamePreset::ALL {
        let rules = GameRules::of_preset(p);
        let scorer = rules.riichi_rules();
        for (name, got) in [
            ("double_yakuman", scorer.double_yakuman),
            ("kazoe_yakuman", scorer.kazoe_yakuman),
            ("kiriage", scorer.kiriage),
            ("tsumo_loss", scorer.tsumo_loss),
        ] {
            assert_eq!(
                rules.get(name),
                Some(SwitchValue::Bool(got)),
                "{name} under {p}"
            );
        }
    }
}

/// docs/rules.md holds the tables [`GameRules::switch_tables`] prints, between its markers.
/// A stale copy is rewritten and the test fails: commit the fresh file.
#[test]
fn docs_tables_are_fresh() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("{} is missing", path.display());
    };
    let (start, end) = (
        "<!-- game switches: start -->\n",
        "<!-- game switches: end -->",
    );
    let (Some(a), Some(b)) = (text.find(start), text.find(end)) else {
        panic!("{} lacks the markers {start:?} and {end:?}", path.display());
    };
    let fresh = format!(
        "{}{start}{}{}",
        &text[..a],
        GameRules::switch_tables(),
        &text[b..]
    );
    if fresh != text {
        let _ = std::fs::write(&path, &fresh);
        panic!(
            "{} was stale: rewritten from the registry, commit it",
            path.display()
        );
    }
}
