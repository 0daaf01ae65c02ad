/*
 * gen-trominoes: tiling an R x C board with dominoes and straight trominoes,
 * exactly T of them trominoes, as exact cover with a multiplicity (Knuth's
 * DLX3 format): the cells are primary items, and so is `T|trominoes`, which
 * every tromino covers, so a solution has exactly T trominoes.  Cells are
 * named rNcM (dlx --svg draws the tilings).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void usage(void)
{
    fprintf(stderr, "usage: dlx-gen-trominoes R C T   (1 <= R, C <= 32; 1 <= T <= R*C/3)\n");
    exit(2);
}

static long parse(const char *s, long lo, long hi)
{
    char *end;
    if (*s < '0' || *s > '9')
        usage();
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi)
        usage();
    return v;
}

int main(int argc, char **argv)
{
    if (argc != 4)
        usage();
    int rows = (int)parse(argv[1], 1, 32), cols = (int)parse(argv[2], 1, 32);
    int t = (int)parse(argv[3], 1, rows * cols / 3 ? rows * cols / 3 : 1);
    if (3 * t > rows * cols)
        usage();
    printf("| %dx%d board, dominoes and exactly %d straight trominoes\n", rows, cols, t);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            printf("r%dc%d ", r, c);
    printf("%d|trominoes\n", t);
    /* Dominoes, then trominoes: horizontal and vertical of each. */
    for (int len = 2; len <= 3; len++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                for (int d = 0; d < 2; d++) {
                    int dr = d, dc = 1 - d;
                    if (r + dr * (len - 1) >= rows || c + dc * (len - 1) >= cols)
                        continue;
                    for (int k = 0; k < len; k++)
                        printf("%sr%dc%d", k ? " " : "", r + dr * k, c + dc * k);
                    printf("%s\n", len == 3 ? " trominoes" : "");
                }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
