/* dlx-sudoku's run checkpoints (dlx-sudoku-resume.h). */
#define _POSIX_C_SOURCE 200809L
#include "dlx-sudoku-resume.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-checkpoint.h"

/* Eight bytes no search checkpoint (DLXCKPT...) and no text file of puzzles begins with. */
static const char magic[8] = { 'D', 'L', 'X', 'S', 'R', 'U', 'N', '\0' };
enum { VERSION = 2, /* 2: --node-limit and --engine in the options hash */
	 N_FIELDS = 12, SIZE = 8 + 4 + 4 + 8 * N_FIELDS + 8 };

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t k = 0; k < n; k++)
		h = (h ^ b[k]) * 1099511628211u;
	return h;
}

static const uint64_t FNV_START = RUN_CHECKPOINT_HASH_START;

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];
	for (int k = 0; k < 8; k++)
		b[k] = (unsigned char)(v >> (8 * k));
	return fnv(h, b, 8);
}

/* A file's bytes (a --regions, --parity or --cages file), or its absence, into the hash. */
static uint64_t fnv_file(uint64_t h, const char *name)
{
	if (!name)
		return fnv_u64(h, 0);
	FILE *f = fopen(name, "rb");
	if (!f)
		return fnv_u64(h, 1);
	unsigned char b[4096];
	size_t n;
	while ((n = fread(b, 1, sizeof b, f)) > 0)
		h = fnv(h, b, n);
	fclose(f);
	return fnv_u64(h, 2);
}

/*
 * The options that shape the answers and which puzzles are answered.
 * --node-limit is one (it decides which puzzles a run answers "unknown"), as
 * is --engine (which solution a big board gets); --time-limit may change from
 * run to run (no run repeats another's timing anyway), and so may --threads,
 * --stats and --progress, which change no answer.
 */
static uint64_t hash_options(const struct puzzle_options *o)
{
	uint64_t h = FNV_START;
	const uint64_t fields[] = {
		o->mode, o->count, o->quiet, o->have_output, o->cli.limit, o->cli.part, o->cli.parts,
		o->cli.propagate, o->flags, o->jigsaw, o->killer, o->format, o->alphabet, o->output,
		o->box.rows, o->box.cols, o->cli.node_limit, o->engine,
	};
	for (size_t k = 0; k < sizeof fields / sizeof *fields; k++)
		h = fnv_u64(h, fields[k]);
	h = fnv_file(h, o->regions_file);
	h = fnv_file(h, o->parity_file);
	return fnv_file(h, o->cages_file);
}

void run_checkpoint_hash(uint64_t *h, const struct sudoku_puzzle *pz)
{
	size_t cells = (size_t)pz->side * pz->side;
	*h = fnv_u64(*h, pz->side);
	*h = fnv(*h, pz->cells, cells);
	*h = fnv_u64(*h, pz->marks != NULL);
	if (pz->marks)
		*h = fnv(*h, pz->marks, cells * pz->side);
	*h = fnv_u64(*h, pz->regions != NULL);
	if (pz->regions)
		*h = fnv(*h, pz->regions, cells);
}

static void put_u32(unsigned char *b, uint32_t v)
{
	for (int k = 0; k < 4; k++)
		b[k] = (unsigned char)(v >> (8 * k));
}

static void put_u64(unsigned char *b, uint64_t v)
{
	for (int k = 0; k < 8; k++)
		b[k] = (unsigned char)(v >> (8 * k));
}

static uint32_t get_u32(const unsigned char *b)
{
	uint32_t v = 0;
	for (int k = 3; k >= 0; k--)
		v = v << 8 | b[k];
	return v;
}

static uint64_t get_u64(const unsigned char *b)
{
	uint64_t v = 0;
	for (int k = 7; k >= 0; k--)
		v = v << 8 | b[k];
	return v;
}

bool run_checkpoint_is_one(const char *file)
{
	FILE *f = fopen(file, "rb");
	if (!f)
		return false;
	char b[sizeof magic];
	bool one = fread(b, 1, sizeof b, f) == sizeof b && memcmp(b, magic, sizeof b) == 0;
	fclose(f);
	return one;
}

static void refuse(const struct run_checkpoint *c, const char *why)
{
	fprintf(stderr, "dlx-sudoku: %s: %s\n", c->resume, why);
}

int run_checkpoint_start(struct run_checkpoint *c, const struct puzzle_options *o, struct tally *total)
{
	c->file = o->checkpoint;
	c->resume = o->resume;
	c->every = o->checkpoint_every;
	c->next = cli_now() + c->every;
	c->options_hash = hash_options(o);
	c->answered = 0;
	c->hash = FNV_START;
	c->answered_at = 0;
	/* A fresh run's output was opened empty (main()); nothing has been written to it yet. */
	c->out_base = 0 - puzzle_out_bytes;
	c->skip = c->out_len = 0;
	c->skip_hash = FNV_START;
	c->at = *total;
	if (!c->resume)
		return 0;
	unsigned char *b;
	size_t len;
	if (!cli_checkpoint_read_file("dlx-sudoku", c->resume, &b, &len))
		return CLI_EXIT_USAGE;
	int status = CLI_EXIT_USAGE;
	if (len < sizeof magic || memcmp(b, magic, sizeof magic) != 0)
		refuse(c, "not a dlx-sudoku run checkpoint");
	else if (len < 16 || get_u32(b + 8) != VERSION)
		refuse(c, "a run checkpoint of another version of dlx-sudoku");
	else if (len != SIZE || get_u32(b + 12) != SIZE)
		refuse(c, "truncated or corrupted run checkpoint (wrong length)");
	else if (fnv(FNV_START, b, SIZE - 8) != get_u64(b + SIZE - 8))
		refuse(c, "corrupted run checkpoint (checksum mismatch)");
	else if (get_u64(b + 16) != c->options_hash)
		refuse(c, "run checkpoint of other options (the modes, formats, layouts, variants, --part, "
			"--propagate, --limit, --node-limit, --engine and the files they read shape the answers)");
	else
		status = 0;
	if (!status) {
		const unsigned char *f = b + 16;
		c->skip = get_u64(f + 8);
		c->skip_hash = get_u64(f + 16);
		c->out_len = get_u64(f + 24);
		uint64_t *t[] = { &total->puzzles, &total->solved, &total->unsolvable, &total->stopped,
			&total->nodes, &total->updates, &total->branches, &total->clues };
		for (size_t k = 0; k < 8; k++)
			*t[k] = get_u64(f + 32 + 8 * k);
		c->at = *total;
	}
	free(b);
	return status;
}

int run_checkpoint_check_output(struct run_checkpoint *c)
{
	struct stat sb;
	if (c->resume && c->out && (fstat(fileno(c->out), &sb) != 0 || !S_ISREG(sb.st_mode) ||
				    (uint64_t)sb.st_size < c->out_len)) {
		fprintf(stderr, "dlx-sudoku: %s: not the answers of the run in %s (it should hold at least %llu bytes)\n",
			c->out_name, c->resume, (unsigned long long)c->out_len);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int run_checkpoint_skipped(struct run_checkpoint *c, const char *input, uint64_t read, uint64_t hash)
{
	if (read != c->skip || hash != c->skip_hash) {
		fprintf(stderr, "dlx-sudoku: %s: not the input of the run in %s (%s)\n", input, c->resume,
			read != c->skip ? "it ends before the puzzles answered" : "its first puzzles differ");
		return CLI_EXIT_USAGE;
	}
	c->answered = read;
	c->hash = hash;
	c->answered_at = c->out_len;
	c->out_base = c->out_len - puzzle_out_bytes;
	/* The answers the checkpoint counted stay; what a killed run wrote after them goes. */
	if (c->out && (fflush(c->out) != 0 || ftruncate(fileno(c->out), (off_t)c->out_len) != 0 ||
		       fseeko(c->out, 0, SEEK_END) != 0)) {
		fprintf(stderr, "dlx-sudoku: %s: %s\n", c->out_name, strerror(errno));
		return CLI_EXIT_FAILURE;
	}
	return 0;
}

/* Writes the checkpoint: the answers first, on disk, then the state that counts them. */
static bool save(struct run_checkpoint *c)
{
	const struct tally *total = &c->at;
	if (c->out && (fflush(c->out) != 0 || fsync(fileno(c->out)) != 0)) {
		fprintf(stderr, "dlx-sudoku: %s: cannot save the checkpoint: %s: %s\n", c->file, c->out_name,
			strerror(errno));
		return false;
	}
	unsigned char b[SIZE];
	memcpy(b, magic, sizeof magic);
	put_u32(b + 8, VERSION);
	put_u32(b + 12, SIZE);
	const uint64_t fields[N_FIELDS] = { c->options_hash, c->answered, c->hash, c->answered_at, total->puzzles,
		total->solved, total->unsolvable, total->stopped, total->nodes, total->updates, total->branches,
		total->clues };
	for (size_t k = 0; k < N_FIELDS; k++)
		put_u64(b + 16 + 8 * k, fields[k]);
	put_u64(b + SIZE - 8, fnv(FNV_START, b, SIZE - 8));
	bool ok = cli_checkpoint_write_file("dlx-sudoku", c->file, b, SIZE);
	c->saved = c->saved || ok;
	return ok;
}

void run_checkpoint_answered(struct run_checkpoint *c, const struct sudoku_puzzle *pz, const struct tally *total)
{
	c->answered++;
	run_checkpoint_hash(&c->hash, pz);
	c->at = *total;
	if (c->out)
		c->answered_at = c->out_base + puzzle_out_bytes;
	double now = cli_now();
	if (now < c->next)
		return;
	/* A save that fails (a full disk) is said once; the run goes on, as it would without. */
	if (!save(c) && !c->warned) {
		fprintf(stderr, "dlx-sudoku: warning: the run goes on without checkpoints until one can be saved\n");
		c->warned = true;
	}
	c->next = now + c->every;
}

int run_checkpoint_finish(struct run_checkpoint *c, bool ended, int status)
{
	if (ended) {
		/* Nothing left to resume: a stale file would only be resumed to the same answers. */
		if (unlink(c->file) != 0 && errno != ENOENT)
			fprintf(stderr, "dlx-sudoku: %s: cannot remove the finished checkpoint: %s\n", c->file,
				strerror(errno));
		else
			cli_sync_directory_of(c->file);
		return status;
	}
	if (!save(c))
		return CLI_EXIT_FAILURE;
	fprintf(stderr, "dlx-sudoku: checkpoint saved in %s after %llu puzzles (go on with --resume %s)\n", c->file,
		(unsigned long long)c->answered, c->file);
	return status;
}
