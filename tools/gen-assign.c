/*
 * gen-assign: the assignment problem of N workers and N jobs as exact cover
 * with costs (Knuth's DLX5 format): items w0.. and j0.., an option per pair
 * with its cost `|c`, c pseudo-random in 1..99 from a seed (a 64-bit LCG, the
 * same on every machine).  `dlx --best` finds the cheapest assignment; the
 * Hungarian method (tools/assign-check.py) checks it independently.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void usage(void)
{
    fprintf(stderr, "usage: dlx-gen-assign N [SEED]   (1 <= N <= 64)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3)
        usage();
    char *end;
    errno = 0;
    long n = strtol(argv[1], &end, 10);
    if (argv[1][0] < '0' || argv[1][0] > '9' || errno || *end || n < 1 || n > 64)
        usage();
    uint64_t seed = 1;
    if (argc == 3) {
        if (argv[2][0] < '0' || argv[2][0] > '9')
            usage();
        errno = 0;
        seed = strtoull(argv[2], &end, 10);
        if (errno || *end)
            usage();
    }
    printf("| assignment of %ld workers to %ld jobs, seed %" PRIu64 ": the cheapest is dlx --best\n", n, n, seed);
    for (long i = 0; i < n; i++)
        printf("w%ld ", i);
    for (long j = 0; j < n; j++)
        printf("j%ld%s", j, j + 1 < n ? " " : "\n");
    uint64_t x = seed;
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            printf("w%ld j%ld |%" PRIu64 "\n", i, j, 1 + (x >> 33) % 99);
        }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
