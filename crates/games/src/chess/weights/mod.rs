//! The fitted weight tables of the chess family's evaluation, one per tuned variant
//! (the variants without a table of their own use standard chess's).

pub(crate) mod atomic;
pub(crate) mod koth;
pub(crate) mod standard;
