@TOPDATA@/sudoku16-sample.txt
