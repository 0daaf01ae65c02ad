# sudoku-grid-verify.awk: checks boards written as rows of numbers (dlx-sudoku
# --output grid), for sides past what the one-symbol formats (and
# sudoku-verify) hold: 81x81, 100x100.  Written from the rules, sharing
# nothing with the solver: every row, column and box of BOX x BOX cells
# holds 1..N once, and each given of the puzzle (same layout, '.' or 0 for
# a blank) is kept.  One board per file.
# Usage: awk -v box=B -f sudoku-grid-verify.awk PUZZLE SOLUTION
# Exit status 0 when valid, 1 with the first fault on standard output.
BEGIN { n = box * box; if (n < 4) { print "box must be 2 or more"; bad = 1; exit } }
FNR == 1 { file++ }
NF == 0 { next }
file == 1 {
	if (NF != n) { print "puzzle row " prow + 1 ": " NF " cells, not " n; bad = 1; exit }
	for (c = 0; c < n; c++) given[prow, c] = $(c + 1)
	prow++
	next
}
{
	if (NF != n) { print "row " rows + 1 ": " NF " numbers, not " n; bad = 1; exit }
	for (c = 0; c < n; c++) {
		d = $(c + 1)
		if (d !~ /^[0-9]+$/ || d < 1 || d > n) { print "r" rows + 1 "c" c + 1 ": " d; bad = 1; exit }
		g = given[rows, c]
		if (g != "." && g != "0" && g + 0 != d + 0) { print "r" rows + 1 "c" c + 1 ": given " g ", found " d; bad = 1; exit }
		u = int(rows / box) * box + int(c / box)
		if (row[rows, d]++ || col[c, d]++ || blk[u, d]++) { print "r" rows + 1 "c" c + 1 ": " d " repeated"; bad = 1; exit }
	}
	rows++
}
END {
	if (!bad && prow != n) { print "puzzle: " prow " rows, not " n; bad = 1 }
	if (!bad && rows != n) { print rows " rows, not " n; bad = 1 }
	exit bad
}
