# sudoku-grid-puzzle.awk: a puzzle of box size BOX (side N = BOX^2, up to
# 100x100) as rows of numbers, '.' for a blank: the pattern board
# (BOX·(r mod BOX) + r div BOX + c) mod N, its digits relabelled and the rows
# of each band shuffled, keeping each cell with probability PCT percent.
# Solvable by construction; the same SEED gives the same puzzle.
# Usage: awk -v box=B -v pct=P -v seed=S -f sudoku-grid-puzzle.awk
BEGIN {
	srand(seed); n = box * box
	for (d = 0; d < n; d++) lab[d] = d + 1
	for (d = n - 1; d > 0; d--) { j = int(rand() * (d + 1)); t = lab[d]; lab[d] = lab[j]; lab[j] = t }
	for (r = 0; r < n; r++) rp[r] = r
	for (band = 0; band < box; band++)
		for (i = box - 1; i > 0; i--) {
			j = int(rand() * (i + 1)); t = rp[band * box + i]; rp[band * box + i] = rp[band * box + j]; rp[band * box + j] = t
		}
	for (r = 0; r < n; r++) {
		s = ""; R = rp[r]
		for (c = 0; c < n; c++) {
			v = lab[(box * (R % box) + int(R / box) + c) % n]
			s = s (c ? " " : "") (rand() * 100 < pct ? v : ".")
		}
		print s
	}
}
