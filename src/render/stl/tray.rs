//! A tray for a board of a plane grid: a plate whose top has the board's open cells
//! (and pre-placed ones) as a recess the pieces sit in. The plate is the board's cells
//! and a rim of every cell that shares a corner with one of them; blocked cells stay at
//! full height. The recess grows by the clearance (the walls shrink by it, the recess's
//! floor takes what they give up, [`super::outline::Plane::around`]), so pieces shrunk by
//! the same clearance leave a gap of twice it at the walls, as between pieces.

use super::extrude::{cap, corner};
use super::mesh::{Mesh, MeshBuilder};
use super::outline::{key, Key, Plane};
use super::StlOptions;
use crate::geom::Cell;
use crate::model::{Board, Square};

/// The floor under the recess, in mm.
pub const FLOOR: f64 = 2.0;

/// The tray of `board` (a board of a plane grid): floor [`FLOOR`] mm, recess half the
/// pieces' thickness deep.
pub fn tray(board: &Board, opts: &StlOptions) -> Mesh {
    let lattice = board.lattice();
    let on_board: Vec<Cell> = board
        .cells()
        .filter(|&c| board.square(c) != Square::Outside)
        .collect();
    let class = on_board.first().map_or(0, |&c| lattice.class(c));
    let board_plane = Plane::new(lattice, &on_board, 1.0);
    let board_corners: std::collections::HashSet<Key> = board_plane
        .corners
        .iter()
        .flatten()
        .map(|&p| key(p))
        .collect();
    let mut frame = on_board.clone();
    for y in -2..board.height + 2 {
        for x in -2..board.width + 2 {
            let c = Cell::new(x, y);
            if lattice.class(c) != class || board.square(c) != Square::Outside {
                continue;
            }
            let touches = Plane::new(lattice, &[c], 1.0).corners[0]
                .iter()
                .any(|&p| board_corners.contains(&key(p)));
            if touches {
                frame.push(c);
            }
        }
    }
    let plane = Plane::new(lattice, &frame, opts.cell_size);
    let hole: Vec<bool> = frame
        .iter()
        .map(|&c| matches!(board.square(c), Square::Open | Square::Preplaced(_)))
        .collect();
    let wall: Vec<bool> = hole.iter().map(|&h| !h).collect();
    let all = vec![true; frame.len()];
    let d = opts.clearance;
    let (tops, floors, bottoms) = (
        plane.shrunk(&wall, d),
        plane.around(&wall, &hole, d),
        plane.shrunk(&all, d),
    );
    let top = FLOOR + opts.thickness / 2.0;
    let mut b: MeshBuilder<(Key, u8)> = MeshBuilder::new();
    for ring in bottoms.iter().filter(|r| !r.is_empty()) {
        cap(&mut b, ring, 0, 0.0, false);
    }
    for ring in floors.iter().filter(|r| !r.is_empty()) {
        cap(&mut b, ring, 1, FLOOR, true);
    }
    for ring in tops.iter().filter(|r| !r.is_empty()) {
        cap(&mut b, ring, 2, top, true);
    }
    // The outside of the plate, from the bottom to the top.
    for (c, i) in plane.boundary(&all) {
        let ring = &bottoms[c];
        let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
        let quad = [
            corner(&mut b, p, 0, 0.0),
            corner(&mut b, q, 0, 0.0),
            corner(&mut b, q, 2, top),
            corner(&mut b, p, 2, top),
        ];
        b.polygon(&quad);
    }
    // The recess's walls, from its floor to the top.
    for (c, i) in plane.boundary(&wall) {
        if plane.across(c, i).is_none() {
            continue;
        }
        let ring = &tops[c];
        let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
        let quad = [
            corner(&mut b, p, 1, FLOOR),
            corner(&mut b, q, 1, FLOOR),
            corner(&mut b, q, 2, top),
            corner(&mut b, p, 2, top),
        ];
        b.polygon(&quad);
    }
    b.finish()
}
