//! placeholder
use crate::error::Error;
use crate::model::{Board, PieceSet, Tiling};
use crate::render::RenderOptions;
pub fn gallery(_: &Board, _: &PieceSet, _: &[Tiling], _: &RenderOptions) -> Result<Vec<u8>, Error> {
    todo!()
}
