//! The fan table of the official rules (2006 edition): one row per fan, in the rule book's order,
//! and the "不计" (not counted with) clauses as data.
//!
//! | # | name | zh | fan |
//! |---|---|---|---|
//! | 1 | `da_si_xi` | 大四喜 | 88 |
//! | 2 | `da_san_yuan` | 大三元 | 88 |
//! | 3 | `lv_yi_se` | 绿一色 | 88 |
//! | 4 | `jiu_lian_bao_deng` | 九莲宝灯 | 88 |
//! | 5 | `si_gang` | 四杠 | 88 |
//! | 6 | `lian_qi_dui` | 连七对 | 88 |
//! | 7 | `shi_san_yao` | 十三幺 | 88 |
//! | 8 | `qing_yao_jiu` | 清幺九 | 64 |
//! | 9 | `xiao_si_xi` | 小四喜 | 64 |
//! | 10 | `xiao_san_yuan` | 小三元 | 64 |
//! | 11 | `zi_yi_se` | 字一色 | 64 |
//! | 12 | `si_an_ke` | 四暗刻 | 64 |
//! | 13 | `yi_se_shuang_long_hui` | 一色双龙会 | 64 |
//! | 14 | `yi_se_si_tong_shun` | 一色四同顺 | 48 |
//! | 15 | `yi_se_si_jie_gao` | 一色四节高 | 48 |
//! | 16 | `yi_se_si_bu_gao` | 一色四步高 | 32 |
//! | 17 | `san_gang` | 三杠 | 32 |
//! | 18 | `hun_yao_jiu` | 混幺九 | 32 |
//! | 19 | `qi_dui` | 七对 | 24 |
//! | 20 | `qi_xing_bu_kao` | 七星不靠 | 24 |
//! | 21 | `quan_shuang_ke` | 全双刻 | 24 |
//! | 22 | `qing_yi_se` | 清一色 | 24 |
//! | 23 | `yi_se_san_tong_shun` | 一色三同顺 | 24 |
//! | 24 | `yi_se_san_jie_gao` | 一色三节高 | 24 |
//! | 25 | `quan_da` | 全大 | 24 |
//! | 26 | `quan_zhong` | 全中 | 24 |
//! | 27 | `quan_xiao` | 全小 | 24 |
//! | 28 | `qing_long` | 清龙 | 16 |
//! | 29 | `san_se_shuang_long_hui` | 三色双龙会 | 16 |
//! | 30 | `yi_se_san_bu_gao` | 一色三步高 | 16 |
//! | 31 | `quan_dai_wu` | 全带五 | 16 |
//! | 32 | `san_tong_ke` | 三同刻 | 16 |
//! | 33 | `san_an_ke` | 三暗刻 | 16 |
//! | 34 | `quan_bu_kao` | 全不靠 | 12 |
//! | 35 | `zu_he_long` | 组合龙 | 12 |
//! | 36 | `da_yu_wu` | 大于五 | 12 |
//! | 37 | `xiao_yu_wu` | 小于五 | 12 |
//! | 38 | `san_feng_ke` | 三风刻 | 12 |
//! | 39 | `hua_long` | 花龙 | 8 |
//! | 40 | `tui_bu_dao` | 推不倒 | 8 |
//! | 41 | `san_se_san_tong_shun` | 三色三同顺 | 8 |
//! | 42 | `san_se_san_jie_gao` | 三色三节高 | 8 |
//! | 43 | `wu_fan_he` | 无番和 | 8 |
//! | 44 | `miao_shou_hui_chun` | 妙手回春 | 8 |
//! | 45 | `hai_di_lao_yue` | 海底捞月 | 8 |
//! | 46 | `gang_shang_kai_hua` | 杠上开花 | 8 |
//! | 47 | `qiang_gang_he` | 抢杠和 | 8 |
//! | 48 | `peng_peng_he` | 碰碰和 | 6 |
//! | 49 | `hun_yi_se` | 混一色 | 6 |
//! | 50 | `san_se_san_bu_gao` | 三色三步高 | 6 |
//! | 51 | `wu_men_qi` | 五门齐 | 6 |
//! | 52 | `quan_qiu_ren` | 全求人 | 6 |
//! | 53 | `shuang_an_gang` | 双暗杠 | 6 |
//! | 54 | `shuang_jian_ke` | 双箭刻 | 6 |
//! | 55 | `quan_dai_yao` | 全带幺 | 4 |
//! | 56 | `bu_qiu_ren` | 不求人 | 4 |
//! | 57 | `shuang_ming_gang` | 双明杠 | 4 |
//! | 58 | `he_jue_zhang` | 和绝张 | 4 |
//! | 59 | `jian_ke` | 箭刻 | 2 |
//! | 60 | `quan_feng_ke` | 圈风刻 | 2 |
//! | 61 | `men_feng_ke` | 门风刻 | 2 |
//! | 62 | `men_qian_qing` | 门前清 | 2 |
//! | 63 | `ping_he` | 平和 | 2 |
//! | 64 | `si_gui_yi` | 四归一 | 2 |
//! | 65 | `shuang_tong_ke` | 双同刻 | 2 |
//! | 66 | `shuang_an_ke` | 双暗刻 | 2 |
//! | 67 | `an_gang` | 暗杠 | 2 |
//! | 68 | `duan_yao` | 断幺 | 2 |
//! | 69 | `yi_ban_gao` | 一般高 | 1 |
//! | 70 | `xi_xiang_feng` | 喜相逢 | 1 |
//! | 71 | `lian_liu` | 连六 | 1 |
//! | 72 | `lao_shao_fu` | 老少副 | 1 |
//! | 73 | `yao_jiu_ke` | 幺九刻 | 1 |
//! | 74 | `ming_gang` | 明杠 | 1 |
//! | 75 | `que_yi_men` | 缺一门 | 1 |
//! | 76 | `wu_zi` | 无字 | 1 |
//! | 77 | `bian_zhang` | 边张 | 1 |
//! | 78 | `kan_zhang` | 嵌张 | 1 |
//! | 79 | `dan_diao_jiang` | 单钓将 | 1 |
//! | 80 | `zi_mo` | 自摸 | 1 |
//! | 81 | `hua_pai` | 花牌 | 1 per flower |

/// How many fans there are (81, flowers included).
pub const FAN_COUNT: usize = 81;

/// One row of the table: the protocol id, the official Chinese name, the value of one occurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanInfo {
    /// Pinyin, lower snake case (PROTOCOL.md `name`).
    pub name: &'static str,
    /// The official Chinese name.
    pub zh: &'static str,
    /// The value of one occurrence.
    pub value: u32,
}

const fn row(name: &'static str, zh: &'static str, value: u32) -> FanInfo {
    FanInfo { name, zh, value }
}

/// Declares [`Fan`], [`FANS`] and [`Fan::ALL`] from one list, so the three cannot disagree.
macro_rules! fan_table {
    ($($fan:ident => $name:literal, $zh:literal, $value:literal;)*) => {
        /// One of the 81 fans, in the rule book's order (the order of the answer's `fans`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Fan {
            $($fan),*
        }

        /// The table, indexed by `Fan as usize`.
        pub const FANS: [FanInfo; FAN_COUNT] = [$(row($name, $zh, $value)),*];

        impl Fan {
            /// Every fan, in table order.
            pub const ALL: [Fan; FAN_COUNT] = [$(Fan::$fan),*];
        }
    };
}

fan_table! {
    DaSiXi => "da_si_xi", "大四喜", 88;
    DaSanYuan => "da_san_yuan", "大三元", 88;
    LvYiSe => "lv_yi_se", "绿一色", 88;
    JiuLianBaoDeng => "jiu_lian_bao_deng", "九莲宝灯", 88;
    SiGang => "si_gang", "四杠", 88;
    LianQiDui => "lian_qi_dui", "连七对", 88;
    ShiSanYao => "shi_san_yao", "十三幺", 88;
    QingYaoJiu => "qing_yao_jiu", "清幺九", 64;
    XiaoSiXi => "xiao_si_xi", "小四喜", 64;
    XiaoSanYuan => "xiao_san_yuan", "小三元", 64;
    ZiYiSe => "zi_yi_se", "字一色", 64;
    SiAnKe => "si_an_ke", "四暗刻", 64;
    YiSeShuangLongHui => "yi_se_shuang_long_hui", "一色双龙会", 64;
    YiSeSiTongShun => "yi_se_si_tong_shun", "一色四同顺", 48;
    YiSeSiJieGao => "yi_se_si_jie_gao", "一色四节高", 48;
    YiSeSiBuGao => "yi_se_si_bu_gao", "一色四步高", 32;
    SanGang => "san_gang", "三杠", 32;
    HunYaoJiu => "hun_yao_jiu", "混幺九", 32;
    QiDui => "qi_dui", "七对", 24;
    QiXingBuKao => "qi_xing_bu_kao", "七星不靠", 24;
    QuanShuangKe => "quan_shuang_ke", "全双刻", 24;
    QingYiSe => "qing_yi_se", "清一色", 24;
    YiSeSanTongShun => "yi_se_san_tong_shun", "一色三同顺", 24;
    YiSeSanJieGao => "yi_se_san_jie_gao", "一色三节高", 24;
    QuanDa => "quan_da", "全大", 24;
    QuanZhong => "quan_zhong", "全中", 24;
    QuanXiao => "quan_xiao", "全小", 24;
    QingLong => "qing_long", "清龙", 16;
    SanSeShuangLongHui => "san_se_shuang_long_hui", "三色双龙会", 16;
    YiSeSanBuGao => "yi_se_san_bu_gao", "一色三步高", 16;
    QuanDaiWu => "quan_dai_wu", "全带五", 16;
    SanTongKe => "san_tong_ke", "三同刻", 16;
    SanAnKe => "san_an_ke", "三暗刻", 16;
    QuanBuKao => "quan_bu_kao", "全不靠", 12;
    ZuHeLong => "zu_he_long", "组合龙", 12;
    DaYuWu => "da_yu_wu", "大于五", 12;
    XiaoYuWu => "xiao_yu_wu", "小于五", 12;
    SanFengKe => "san_feng_ke", "三风刻", 12;
    HuaLong => "hua_long", "花龙", 8;
    TuiBuDao => "tui_bu_dao", "推不倒", 8;
    SanSeSanTongShun => "san_se_san_tong_shun", "三色三同顺", 8;
    SanSeSanJieGao => "san_se_san_jie_gao", "三色三节高", 8;
    WuFanHe => "wu_fan_he", "无番和", 8;
    MiaoShouHuiChun => "miao_shou_hui_chun", "妙手回春", 8;
    HaiDiLaoYue => "hai_di_lao_yue", "海底捞月", 8;
    GangShangKaiHua => "gang_shang_kai_hua", "杠上开花", 8;
    QiangGangHe => "qiang_gang_he", "抢杠和", 8;
    PengPengHe => "peng_peng_he", "碰碰和", 6;
    HunYiSe => "hun_yi_se", "混一色", 6;
    SanSeSanBuGao => "san_se_san_bu_gao", "三色三步高", 6;
    WuMenQi => "wu_men_qi", "五门齐", 6;
    QuanQiuRen => "quan_qiu_ren", "全求人", 6;
    ShuangAnGang => "shuang_an_gang", "双暗杠", 6;
    ShuangJianKe => "shuang_jian_ke", "双箭刻", 6;
    QuanDaiYao => "quan_dai_yao", "全带幺", 4;
    BuQiuRen => "bu_qiu_ren", "不求人", 4;
    ShuangMingGang => "shuang_ming_gang", "双明杠", 4;
    HeJueZhang => "he_jue_zhang", "和绝张", 4;
    JianKe => "jian_ke", "箭刻", 2;
    QuanFengKe => "quan_feng_ke", "圈风刻", 2;
    MenFengKe => "men_feng_ke", "门风刻", 2;
    MenQianQing => "men_qian_qing", "门前清", 2;
    PingHe => "ping_he", "平和", 2;
    SiGuiYi => "si_gui_yi", "四归一", 2;
    ShuangTongKe => "shuang_tong_ke", "双同刻", 2;
    ShuangAnKe => "shuang_an_ke", "双暗刻", 2;
    AnGang => "an_gang", "暗杠", 2;
    DuanYao => "duan_yao", "断幺", 2;
    YiBanGao => "yi_ban_gao", "一般高", 1;
    XiXiangFeng => "xi_xiang_feng", "喜相逢", 1;
    LianLiu => "lian_liu", "连六", 1;
    LaoShaoFu => "lao_shao_fu", "老少副", 1;
    YaoJiuKe => "yao_jiu_ke", "幺九刻", 1;
    MingGang => "ming_gang", "明杠", 1;
    QueYiMen => "que_yi_men", "缺一门", 1;
    WuZi => "wu_zi", "无字", 1;
    BianZhang => "bian_zhang", "边张", 1;
    KanZhang => "kan_zhang", "嵌张", 1;
    DanDiaoJiang => "dan_diao_jiang", "单钓将", 1;
    ZiMo => "zi_mo", "自摸", 1;
    HuaPai => "hua_pai", "花牌", 1;
}

impl Fan {
    /// This fan's row of [`FANS`].
    pub const fn info(self) -> &'static FanInfo {
        &FANS[self as usize]
    }

    /// The protocol id (`qing_yi_se`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The official Chinese name (`清一色`).
    pub const fn zh(self) -> &'static str {
        self.info().zh
    }

    /// The value of one occurrence.
    pub const fn value(self) -> u32 {
        self.info().value
    }

    /// The fan with this protocol id.
    pub fn from_name(name: &str) -> Option<Fan> {
        Fan::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What a fan's "不计" clause does to the fans counted with it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Exclusion {
    /// The listed fans are not counted.
    Drop(&'static [Fan]),
    /// 四暗刻: not counted with 碰碰和 and 门前清; 不求人 becomes 自摸.
    FourConcealedPungs,
    /// 三风刻: its three wind pungs are not also 幺九刻 (unless 字一色 or 混幺九 took them all).
    BigThreeWinds,
}

/// The "不计" clauses applied to every standard and knitted-straight reading, in the order they
/// are applied (an earlier clause can remove the fan a later one hangs on).
pub(crate) const EXCLUSIONS: &[(Fan, Exclusion)] = {
    use Exclusion::*;
    use Fan::*;
    &[
        (DaSiXi, Drop(&[PengPengHe, YaoJiuKe])),
        (DaSanYuan, Drop(&[JianKe])),
        (LvYiSe, Drop(&[HunYiSe, QueYiMen])),
        (SiGang, Drop(&[DanDiaoJiang])),
        (
            QingYaoJiu,
            Drop(&[PengPengHe, QuanDaiYao, YaoJiuKe, WuZi, ShuangTongKe]),
        ),
        (XiaoSiXi, Drop(&[YaoJiuKe])),
        (XiaoSanYuan, Drop(&[JianKe])),
        (ZiYiSe, Drop(&[PengPengHe, QuanDaiYao, YaoJiuKe, QueYiMen])),
        (SiAnKe, FourConcealedPungs),
        (YiSeShuangLongHui, Drop(&[QingYiSe, PingHe, WuZi])),
        (YiSeSiJieGao, Drop(&[PengPengHe])),
        (HunYaoJiu, Drop(&[PengPengHe, QuanDaiYao, YaoJiuKe])),
        (QuanShuangKe, Drop(&[PengPengHe, DuanYao, WuZi])),
        (QuanDa, Drop(&[WuZi])),
        (QuanZhong, Drop(&[DuanYao, WuZi])),
        (QuanXiao, Drop(&[WuZi])),
        (SanSeShuangLongHui, Drop(&[PingHe, WuZi])),
        (QuanDaiWu, Drop(&[DuanYao, WuZi])),
        (DaYuWu, Drop(&[WuZi])),
        (XiaoYuWu, Drop(&[WuZi])),
        (SanFengKe, BigThreeWinds),
        (TuiBuDao, Drop(&[QueYiMen])),
        (MiaoShouHuiChun, Drop(&[ZiMo])),
        (GangShangKaiHua, Drop(&[ZiMo])),
        (QuanQiuRen, Drop(&[DanDiaoJiang])),
        (ShuangJianKe, Drop(&[JianKe])),
        (BuQiuRen, Drop(&[ZiMo])),
        (PingHe, Drop(&[WuZi])),
        (DuanYao, Drop(&[WuZi])),
    ]
};
