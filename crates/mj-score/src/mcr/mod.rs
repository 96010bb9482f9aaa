//! Chinese Official rules (MCR, 国标麻将): the 81 fans.
