// Package render draws puzzles in software: no GL context is needed, so the
// same code serves the Fyne view (a canvas.Raster over Renderer.Render) and
// the headless `burr render`. It imports only model and model/grid.
//
// The pieces of the puzzle:
//
//   - Mesh (mesh.go): the surface of a set of cells of any of the five grids,
//     built once from grid.Solid. Faces between two cells of the set are left
//     out, the surface is pulled inwards by a small gap so that touching
//     pieces stay apart, and only real feature edges are kept as outlines.
//     Sphere cells become balls. The surface is a closed 2-manifold, which
//     the STL files of package render/stl rely on (Surface, surface.go).
//   - Scene and Item (scene.go): meshes with an offset, a colour and a mode
//     (solid, outline, hidden). ShapeScene and AssemblyScene (build.go) make
//     them from a model.Puzzle.
//   - Camera (camera.go): an arcball (quaternion) camera with zoom, pan, Fit
//     (bounding sphere, steady while turning) and Frame (tight, for files).
//   - Renderer (raster.go): a z-buffer scan converter into an image.RGBA, with
//     a top-left fill rule, near-plane clipping, per-pixel balls, depth-tested
//     outlines and an ID buffer; Pick (pick.go) reads back the cell and the
//     face under a pixel. A frame allocates nothing once buffers have grown.
//   - Animation (anim.go): a disassembly tree flattened into steps, with each
//     piece's offset at any fractional time.
//   - Pictures (export.go): PNG-ready images of a shape, an assembly (at a
//     disassembly step) or a problem with its parts.
//
// Units: render units are those of grid.Solid (a cube, a prism's triangle
// side, a sphere's diameter and a rhombic or tetra-octa block all measure
// 1). The view frame has x to the right, y up and the viewer on +z.
package render
