/* gen-langford: write Langford pairs of order N as an exact-cover instance. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void usage(void)
{
    fprintf(stderr, "usage: dlx-gen-langford N   (1 <= N <= 64)\n");
    exit(2);
}

static int parse_n(const char *s)
{
    char *end;
    /* strtol would otherwise accept leading blanks and signs. */
    if (*s < '0' || *s > '9')
        usage();
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 1 || v > 64)
        usage();
    return (int)v;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        usage();
    int n = parse_n(argv[1]);

    printf("| Langford pairs, n=%d: values d1..d%d, positions s1..s%d\n", n, n, 2 * n);
    for (int k = 1; k <= n; k++)
        printf("d%d ", k);
    for (int i = 1; i <= 2 * n; i++)
        printf("s%d%s", i, i < 2 * n ? " " : "\n");

    /* The two copies of k sit at positions i and i+k+1 (k numbers between). */
    for (int k = 1; k <= n; k++)
        for (int i = 1; i + k + 1 <= 2 * n; i++)
            printf("d%d s%d s%d\n", k, i, i + k + 1);

    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
