/* gen-pentominoes: write a pentomino-packing problem as an exact-cover
 * instance.  Items are the 12 pieces plus every board cell.  Boards: the
 * four rectangles of 60 cells, and 8x8h, the 8x8 board less its central
 * 2x2 square (Dana Scott's problem, Knuth's classic: 520 solutions, 65
 * up to the board's eight symmetries). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 5
#define MAX_ORIENT 8

struct cell {
    int r, c;
};

struct piece {
    char name;
    struct cell base[CELLS];
};

/* One base shape per piece; all orientations are derived from it so that no
 * hand-written table can silently miss or duplicate one. */
static const struct piece pieces[] = {
    { 'F', { {0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1} } },
    { 'I', { {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0} } },
    { 'L', { {0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1} } },
    { 'N', { {0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0} } },
    { 'P', { {0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0} } },
    { 'T', { {0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1} } },
    { 'U', { {0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2} } },
    { 'V', { {0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2} } },
    { 'W', { {0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2} } },
    { 'X', { {0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1} } },
    { 'Y', { {0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1} } },
    { 'Z', { {0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2} } },
};
#define NPIECES ((int)(sizeof pieces / sizeof pieces[0]))

static const struct {
    const char *spec;
    int rows, cols;
    int hole; /* side of the square left out of the board's centre */
} boards[] = {
    { "6x10", 6, 10, 0 },
    { "5x12", 5, 12, 0 },
    { "4x15", 4, 15, 0 },
    { "3x20", 3, 20, 0 },
    { "8x8h", 8, 8, 2 },
};
#define NBOARDS ((int)(sizeof boards / sizeof boards[0]))

static void usage(void)
{
    fprintf(stderr, "usage: dlx-gen-pentominoes BOARD   (6x10, 5x12, 4x15, 3x20, or 8x8h: 8x8 less its central 2x2)\n");
    exit(2);
}

static int in_hole(int r, int c, int r0, int c0, int side)
{
    return r >= r0 && r < r0 + side && c >= c0 && c < c0 + side;
}

static int cell_cmp(const void *a, const void *b)
{
    const struct cell *x = a, *y = b;
    if (x->r != y->r)
        return x->r < y->r ? -1 : 1;
    return (x->c > y->c) - (x->c < y->c);
}

/* Translate to the origin and sort row-major, giving a canonical form that
 * makes equal orientations compare equal and keeps option cells sorted. */
static void normalize(struct cell *s)
{
    int minr = s[0].r, minc = s[0].c;
    for (int i = 1; i < CELLS; i++) {
        if (s[i].r < minr)
            minr = s[i].r;
        if (s[i].c < minc)
            minc = s[i].c;
    }
    for (int i = 0; i < CELLS; i++) {
        s[i].r -= minr;
        s[i].c -= minc;
    }
    qsort(s, CELLS, sizeof s[0], cell_cmp);
}

/* Fills out[] with the distinct orientations of base; returns how many. */
static int orientations(const struct cell *base, struct cell out[][CELLS])
{
    struct cell cur[CELLS];
    int n = 0;

    memcpy(cur, base, sizeof cur);
    for (int t = 0; t < 2 * 4; t++) {
        if (t == 4)
            for (int i = 0; i < CELLS; i++)
                cur[i].c = -cur[i].c;
        struct cell s[CELLS];
        memcpy(s, cur, sizeof s);
        normalize(s);
        int dup = 0;
        for (int k = 0; k < n && !dup; k++)
            dup = memcmp(out[k], s, sizeof s) == 0;
        if (!dup)
            memcpy(out[n++], s, sizeof s);
        /* Rotate 90 degrees: (r, c) -> (c, -r). */
        for (int i = 0; i < CELLS; i++) {
            int r = cur[i].r;
            cur[i].r = cur[i].c;
            cur[i].c = -r;
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        usage();
    int b = 0;
    while (b < NBOARDS && strcmp(argv[1], boards[b].spec) != 0)
        b++;
    if (b == NBOARDS)
        usage();
    int rows = boards[b].rows, cols = boards[b].cols, hole = boards[b].hole;
    int h0 = (rows - hole) / 2, w0 = (cols - hole) / 2;

    printf("| pentominoes on a %dx%d board", rows, cols);
    if (hole)
        printf(" less its central %dx%d", hole, hole);
    printf(": 12 pieces and cells r<row>c<col>, all orientations\n");
    for (int p = 0; p < NPIECES; p++)
        printf(p ? " %c" : "%c", pieces[p].name);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (!in_hole(r, c, h0, w0, hole))
                printf(" r%dc%d", r, c);
    printf("\n");

    for (int p = 0; p < NPIECES; p++) {
        struct cell orient[MAX_ORIENT][CELLS];
        int no = orientations(pieces[p].base, orient);
        for (int o = 0; o < no; o++) {
            int h = 0, w = 0;
            for (int i = 0; i < CELLS; i++) {
                if (orient[o][i].r + 1 > h)
                    h = orient[o][i].r + 1;
                if (orient[o][i].c + 1 > w)
                    w = orient[o][i].c + 1;
            }
            for (int dr = 0; dr + h <= rows; dr++)
                for (int dc = 0; dc + w <= cols; dc++) {
                    int blocked = 0;
                    for (int i = 0; i < CELLS; i++)
                        blocked |= in_hole(orient[o][i].r + dr, orient[o][i].c + dc, h0, w0, hole);
                    if (blocked)
                        continue;
                    printf("%c", pieces[p].name);
                    for (int i = 0; i < CELLS; i++)
                        printf(" r%dc%d", orient[o][i].r + dr, orient[o][i].c + dc);
                    printf("\n");
                }
        }
    }

    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
