/*
 * Replays fuzz inputs without libFuzzer, so that every ordinary build (gcc
 * included) runs the seed corpora and the saved crash cases as a test.
 *
 * usage: fuzz-replay-HARNESS DIR_OR_FILE...
 * Runs LLVMFuzzerTestOneInput once on each regular file of each directory,
 * in name order, skipping hidden files and *.md (the directories' READMEs).
 * A failed expectation aborts inside the harness; the name printed just
 * before tells which input it was.  Exits 1 if an argument cannot be read or
 * no input at all was run (a misplaced corpus must not pass silently).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs one file; returns 0, or -1 if it cannot be read. */
static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			uint8_t *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	int bad = !buf || ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "replay: %s: %s\n", path, buf ? "read error" : "out of memory");
		free(buf);
		return -1;
	}
	/* An exact-size copy, so that ASan builds catch reads past the input as libFuzzer would. */
	uint8_t *exact = malloc(len ? len : 1);
	if (!exact) {
		free(buf);
		fprintf(stderr, "replay: %s: out of memory\n", path);
		return -1;
	}
	memcpy(exact, buf, len);
	free(buf);
	printf("  %s (%zu bytes)\n", path, len);
	fflush(stdout);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int wanted(const struct dirent *e)
{
	size_t n = strlen(e->d_name);
	return e->d_name[0] != '.' && !(n >= 3 && strcmp(e->d_name + n - 3, ".md") == 0);
}

/* Runs every input in dir; returns how many, or -1 on an error. */
static long run_dir(const char *dir)
{
	struct dirent **list;
	int n = scandir(dir, &list, wanted, alphasort);
	if (n < 0) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	long ran = 0;
	int err = 0;
	for (int k = 0; k < n; k++) {
		size_t len = strlen(dir) + strlen(list[k]->d_name) + 2;
		char *path = malloc(len);
		struct stat sb;
		if (!path) {
			err = 1;
		} else {
			snprintf(path, len, "%s/%s", dir, list[k]->d_name);
			if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
				if (run_file(path) == 0)
					ran++;
				else
					err = 1;
			}
		}
		free(path);
		free(list[k]);
	}
	free(list);
	return err ? -1 : ran;
}

int main(int argc, char **argv)
{
	long total = 0;
	int err = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: %s DIR_OR_FILE...\n", argv[0]);
		return 2;
	}
	for (int k = 1; k < argc; k++) {
		struct stat sb;
		long ran;
		if (stat(argv[k], &sb) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[k], strerror(errno));
			err = 1;
			continue;
		}
		if (S_ISDIR(sb.st_mode))
			ran = run_dir(argv[k]);
		else
			ran = run_file(argv[k]) == 0 ? 1 : -1;
		if (ran < 0)
			err = 1;
		else
			printf("%s: %ld inputs\n", argv[k], ran);
		total += ran > 0 ? ran : 0;
	}
	printf("replayed %ld inputs\n", total);
	if (total == 0) {
		fprintf(stderr, "replay: no inputs found\n");
		return 1;
	}
	return err;
}
