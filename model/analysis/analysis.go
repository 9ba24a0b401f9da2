// Package analysis answers questions about single shapes that designers
// ask and BurrTools answers in its shape information window and its
// "Import Assms" filters: how a shape is symmetric, whether its cells hang
// together (by faces, edges or corners), whether it has holes, whether two
// shapes are the same up to rotation or mirroring, and, for cube shapes,
// whether it can be milled or notched. It also turns the stored assemblies
// of a problem into new shapes through these filters (imports.go).
//
// Everything works on model.Shape and the grid's own orientation and
// neighbour tables, so it holds for all five grids, except millable and
// notchable, which are defined for cubes only.
package analysis
