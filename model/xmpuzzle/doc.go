// Package xmpuzzle reads and writes BurrTools' .xmpuzzle files
// (docs/xmpuzzle-format.md in the shared folder is the reference; section
// numbers below point into it).
//
// # Reading
//
// Read accepts what BurrTools 0.7.1 accepts, old files included: gzip or
// plain XML, Latin-1/CP1252 text from old Windows builds, numbers read the
// way C's atoi reads them, any whitespace in number lists, unknown elements
// skipped where BurrTools skips them, unplaced pieces written as "x" or as
// "X Y Z 255", piece counts as count or min/max, groups as an attribute or
// as child elements, full disassemblies and their outlines
// (<separationInfo>).
//
// It also rejects what BurrTools would load and then trip over: voxel strings
// of the wrong length or with unknown characters, colours above 63 or above
// the number of defined colours, material in cells that do not exist in the
// grid, dangling shape ids, bad orientation indices, assemblies with the
// wrong number of placements, and disassemblies whose piece lists do not
// match their assembly. Every rejection is a one-line error that says where:
//
//	line 48: problem 1 "Box", solution 5: 7 placements for 8 piece slots
//
// The model a file loads into is normalised, so that writing it and reading
// it back gives a deep-equal puzzle and the same `burr info`:
//
//   - Within each part, placed pieces come first and are sorted by
//     (orientation, x, y, z); disassembly piece lists are renumbered to match.
//     Pieces of one part are interchangeable, so nothing changes meaning.
//   - Disassembly states are in the assembly's frame. Files up to 2009 wrote
//     the removed sub-tree shifted by a constant vector (§8.8); each node is
//     moved so that its first state matches its parent's second-to-last state
//     (the root: the assembly). Removed pieces sit at prev + 20000·d, however
//     far older writers pushed them (30000).
//   - Colour rules are sorted and without duplicates, as BurrTools keeps them.
//   - Colour components outside 0..255 are clamped to it (BurrTools masks
//     them to a byte: 300 would be 44), and a maxHoles above 2^24 is no
//     bound (BurrTools keeps its low 32 bits); saving writes the clamped
//     colour and no maxHoles.
//   - The paused-search dump (<assembler>) is kept only for problems in state
//     1; BurrTools drops it on saving any other state. A problem in state 1
//     without one is read as state 3 (or 0 without stored solutions), because
//     BurrTools cannot resume it (§8.5).
//   - solNum is dropped from solutions without disassembly, as BurrTools'
//     writer does.
//   - A voxel space without cells, which BurrTools cannot read back, is one
//     empty cell, as the writer saves it.
//   - The comment's popup flag is kept only with a non-empty comment, as
//     BurrTools writes it.
//
// Version 1 files (before October 2005) stored the position of the corner of
// each rotated piece's voxel space instead of its hotspot. BurrTools 0.7.1
// loads them as if they were version 2, so their stored solutions come out
// shifted and no longer fill their result. We convert them as the 2005-2008
// loaders did (§11), because a model whose stored assemblies are wrong helps
// nobody: `burr check` would call every one of them invalid, and the viewer
// would draw them scattered. The files are written back as version 2.
//
// # Limits
//
// A file cannot make the reader allocate much more than the file holds:
// counts in the file only size memory after the content that backs them has
// been seen. On top of that, these caps reject absurd files quickly. The
// largest BurrTools example decompresses to 160 KB and about 1000
// elements, but a saved search can be far larger: 46,080 solutions with
// their disassemblies, which one small prism puzzle has, are 80 MB of XML
// (2.6 MB on disk) and over a million elements, and BurrTools opens them,
// as it opens millions of assemblies. So:
//
//   - decompressed XML: 256 MiB, or 128 times the file's size when that is
//     more (our saves unpack to 7 to 31 times their size; a gzip bomb to
//     a thousand), so that a small file cannot take much memory and a big
//     saved search still reads;
//   - an element tree: 4 Mi elements (about 700 bytes each, so at most
//     about 3 GB). The solutions, which are most of a big file, never
//     make one tree: they are scanned, or parsed in batches of about
//     256 KB (solblocks.go), so the tree is the rest of the file or one
//     batch;
//   - XML nesting: 1024 levels (a disassembly tree adds one level per
//     separation, so this is also the depth cap for disassemblies);
//   - a shape: 65 535 cells per axis, 2^24 cells in all;
//   - attributes per element: 64 (BurrTools writes at most 8);
//   - shapes and piece slots per problem: 65 535 each (BurrTools keeps shape
//     ids and piece counts in 16 bits);
//   - problems per file and parts per problem: 4096 each (the examples
//     have at most 6 problems and 25 parts; docs/limits.md);
//   - group entries per problem: 1024;
//   - disassembly trees: 1024 levels, full or outline;
//   - solving time: below 2^33 seconds, so that it fits a time.Duration;
//   - maxHoles: a bound above 2^24, the most cells a shape can have, reads
//     as no bound (so does -1); other negative values are refused. The
//     solver reads any bound above the result's variable cells as none;
//   - coordinates in assemblies and disassemblies, hotspots and weights:
//     magnitude up to 2^24.
//
// # Writing
//
// Write produces exactly the layout of BurrTools 0.7.1 (§2.1, §13): the same
// declaration, one space of indentation per level, attributes in its order
// and only when not default, its escaping, single spaces in number lists.
// BurrTools writes the worked example of §14 back byte for byte, and so do
// we (testdata/worked-example.xml). WriteFile replaces a file atomically.
package xmpuzzle

// Caps on what a file may make us allocate; see the package comment.
const (
	maxXMLBytes    = 256 << 20
	maxTextRatio   = 128
	maxElements    = 4 << 20
	maxDepth       = 1024
	maxAxis        = 65535
	maxShapeCells  = 1 << 24
	maxAttrs       = 64
	maxShapes      = 65535
	maxProblems    = 4096
	maxParts       = 4096
	maxGroups      = 1024
	maxSlots       = 65535
	maxCoord       = 1 << 24
	maxSeconds     = 1 << 33    // a problem's solving time
	undefined32    = 0xFFFFFFFF // BurrTools' "undefined" maxHoles and result id
	formatVersion  = 2
	legacyVersion  = 1
	unplacedLegacy = 255 // orientation index older files wrote for unplaced pieces
)
