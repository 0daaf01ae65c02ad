/* Checkpoint files for the programs (cli-checkpoint.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli-checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * A search's checkpoint holds 80 bytes and 8 per level, a memoized count's
 * its tables too (at most the table budget's bytes, give or take): a
 * terabyte is no checkpoint.
 */
#define MAX_CHECKPOINT_BYTES ((uint64_t)1 << 40)

static bool write_all(int fd, const unsigned char *b, size_t n)
{
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		b += w;
		n -= (size_t)w;
	}
	return true;
}

/*
 * Makes the directory entry of a rename durable: without it a power loss
 * may bring back the old name's file, or none.
 */
bool cli_sync_directory_of(const char *file)
{
	char *dir = strdup(file);
	if (!dir)
		return false;
	char *slash = strrchr(dir, '/');
	const char *path = slash ? (slash == dir ? "/" : (*slash = '\0', dir)) : ".";
	int fd = open(path, O_RDONLY | O_DIRECTORY);
	bool ok = fd >= 0 && (fsync(fd) == 0 || errno == EINVAL);
	if (fd >= 0)
		close(fd);
	free(dir);
	return ok;
}

bool cli_checkpoint_write_file(const char *prog, const char *file, const void *buf, size_t len)
{
	size_t n = strlen(file);
	char *tmp = malloc(n + 8);
	if (!tmp) {
		fprintf(stderr, "%s: %s: cannot save the checkpoint: out of memory\n", prog, file);
		return false;
	}
	/* In file's directory, so that the rename stays within one file system. */
	memcpy(tmp, file, n);
	memcpy(tmp + n, ".XXXXXX", 8);
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;
	const char *step = "cannot create a temporary file";
	if (ok && !(ok = write_all(fd, buf, len)))
		step = "cannot write";
	if (ok && !(ok = fsync(fd) == 0))
		step = "cannot sync";
	int e = errno;
	if (fd >= 0 && close(fd) != 0 && ok) {
		ok = false;
		e = errno;
		step = "cannot write";
	}
	if (ok && !(ok = rename(tmp, file) == 0)) {
		e = errno;
		step = "cannot rename the temporary file";
	}
	if (ok && !(ok = cli_sync_directory_of(file))) {
		e = errno;
		step = "cannot sync its directory";
	}
	if (!ok) {
		fprintf(stderr, "%s: %s: cannot save the checkpoint (%s: %s)\n", prog, file, step, strerror(e));
		if (fd >= 0)
			unlink(tmp);
	}
	free(tmp);
	return ok;
}

bool cli_checkpoint_read_file(const char *prog, const char *file, unsigned char **buf, size_t *len)
{
	*buf = NULL;
	*len = 0;
	FILE *in = fopen(file, "rb");
	if (!in) {
		fprintf(stderr, "%s: %s: %s\n", prog, file, strerror(errno));
		return false;
	}
	/*
	 * Read in one piece of the file's size (a memoized count's holds its
	 * tables: gigabytes), and one byte past it, which a file that grew
	 * since would fill: the library then refuses the bytes as truncated.
	 */
	struct stat sb;
	if (fstat(fileno(in), &sb) != 0 || !S_ISREG(sb.st_mode)) {
		fprintf(stderr, "%s: %s: not a dlx checkpoint (not a regular file)\n", prog, file);
		fclose(in);
		return false;
	}
	if ((uint64_t)sb.st_size > MAX_CHECKPOINT_BYTES) {
		fprintf(stderr, "%s: %s: not a dlx checkpoint (too big)\n", prog, file);
		fclose(in);
		return false;
	}
	size_t cap = (size_t)sb.st_size + 1, n = 0;
	unsigned char *b = malloc(cap);
	if (!b) {
		fprintf(stderr, "%s: %s: cannot read the checkpoint: out of memory\n", prog, file);
		fclose(in);
		return false;
	}
	while (n < cap) {
		size_t r = fread(b + n, 1, cap - n, in);
		n += r;
		if (r == 0)
			break;
	}
	bool ok = !ferror(in);
	if (!ok)
		fprintf(stderr, "%s: %s: %s\n", prog, file, strerror(errno));
	fclose(in);
	if (!ok) {
		free(b);
		return false;
	}
	*buf = b;
	*len = n;
	return true;
}

/*
 * A resume's output cut back to the solutions its checkpoint saw; called
 * only once the search runs, so that a refused checkpoint leaves it whole.
 */
static bool output_ready(struct cli_checkpoint *c)
{
	if (c->out_ready)
		return true;
	if (fflush(c->out) != 0 || (c->resume && ftruncate(fileno(c->out), (off_t)c->out_len) != 0) ||
	    fseeko(c->out, 0, SEEK_END) != 0) {
		fprintf(stderr, "%s: %s: %s\n", c->prog, c->out_name, strerror(errno));
		return false;
	}
	c->out_ready = true;
	return true;
}

/*
 * The checkpoint's number: the length of the listing, whose solutions must
 * be on disk before the checkpoint is, or CLI_CHECKPOINT_NO_LISTING.
 * Called while the search's workers wait (dlx_checkpoint_save_with()), so
 * that the length stands for exactly the solutions the checkpoint counts.
 */
static int listing_length(void *ctx, uint64_t *user)
{
	struct cli_checkpoint *c = ctx;
	*user = CLI_CHECKPOINT_NO_LISTING;
	if (!c->out)
		return DLX_OK;
	if (!output_ready(c))
		return DLX_ERR_IO;
	off_t at;
	if (fflush(c->out) != 0 || fsync(fileno(c->out)) != 0 || (at = ftello(c->out)) < 0) {
		fprintf(stderr, "%s: %s: cannot save the checkpoint: %s: %s\n", c->prog, c->file, c->out_name,
			strerror(errno));
		return DLX_ERR_IO;
	}
	*user = (uint64_t)at;
	return DLX_OK;
}

static bool save(struct cli_checkpoint *c)
{
	void *buf;
	size_t len;
	int rc = dlx_checkpoint_save_with(c->p, listing_length, c, &buf, &len);
	/* listing_length() said what went wrong. */
	if (rc == DLX_ERR_IO)
		return false;
	if (rc) {
		fprintf(stderr, "%s: %s: cannot save the checkpoint: %s\n", c->prog, c->file, dlx_strerror(rc));
		return false;
	}
	bool ok = cli_checkpoint_write_file(c->prog, c->file, buf, len);
	free(buf);
	c->saved = c->saved || ok;
	return ok;
}

static int checkpoint_poll(void *ctx, const dlx_stats *so_far)
{
	struct cli_checkpoint *c = ctx;
	/* A stop is saved once the search has returned, where it stopped. */
	if (cli_poll(c->lim, so_far))
		return 1;
	double now = cli_now();
	if (now >= c->next) {
		/* A save that fails (a full disk) is said once; the search goes on, as it would without. */
		if (!save(c) && !c->warned) {
			fprintf(stderr, "%s: warning: the search goes on without checkpoints until one can be saved\n",
				c->prog);
			c->warned = true;
		}
		double after = cli_now(), took = after - now, gap = c->every;
		/*
		 * A save that takes long (a memoized count's tables: about a
		 * second per gigabyte, most of it with the workers waiting) is
		 * spaced from the next so that saves take at most 1% of the run:
		 * --checkpoint-every is then a floor, and the note says so once.
		 * Saves of a tenth of a second or less are a file's syncs, with
		 * the search going on.
		 */
		if (took > CLI_CHECKPOINT_LONG_SAVE && 99 * took > gap) {
			gap = 99 * took;
			if (!c->stretched)
				fprintf(stderr, "%s: note: a save took %.1f s: the next in %.0f s rather than %g, so that "
						"saves take at most 1%% of the run\n",
					c->prog, took, gap, c->every);
			c->stretched = true;
		}
		c->next = after + gap;
	}
	return 0;
}

static int checkpoint_solution(void *ctx, const size_t *options, size_t n)
{
	struct cli_checkpoint *c = ctx;
	if (!output_ready(c))
		return 1;
	return c->on_solution(c->solution_ctx, options, n);
}

/* Before a resume: the output must hold at least what its checkpoint saw. */
static int check_output(struct cli_checkpoint *c, const unsigned char *buf, size_t len)
{
	dlx_error_info err;
	if (dlx_checkpoint_user(buf, len, &c->out_len, &err) != DLX_OK) {
		cli_input_error(c->prog, c->resume, 0, err.message);
		return CLI_EXIT_USAGE;
	}
	/* A count's solutions were never written: a listing resumed from it would lack them. */
	if (c->out_len == CLI_CHECKPOINT_NO_LISTING) {
		cli_input_error(c->prog, c->resume, 0,
				"checkpoint of a count (or of a listing not written to a file), not of a listing: "
				"resume it with --count");
		return CLI_EXIT_USAGE;
	}
	struct stat sb;
	if (fstat(fileno(c->out), &sb) != 0 || !S_ISREG(sb.st_mode) || (uint64_t)sb.st_size < c->out_len) {
		fprintf(stderr, "%s: %s: not the output of the count in %s (it should hold at least %llu bytes)\n",
			c->prog, c->out_name, c->resume, (unsigned long long)c->out_len);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int cli_checkpoint_search(struct cli_checkpoint *c, dlx_search_params *sp, dlx_stats *st, int *rc)
{
	unsigned char *buf = NULL;
	size_t len = 0;
	if (c->resume && !cli_checkpoint_read_file(c->prog, c->resume, &buf, &len))
		return CLI_EXIT_USAGE;
	if (c->out && c->resume) {
		int r = check_output(c, buf, len);
		if (r) {
			free(buf);
			return r;
		}
	}
	sp->on_poll = checkpoint_poll;
	sp->poll_ctx = c;
	if (c->out && sp->on_solution) {
		c->on_solution = sp->on_solution;
		c->solution_ctx = sp->solution_ctx;
		sp->on_solution = checkpoint_solution;
		sp->solution_ctx = c;
	}
	c->next = cli_now();
	dlx_error_info err;
	/*
	 * The whole tree in threads: asked for, a fresh count's jobs, or the
	 * checkpoint's (it resumes in --threads, 1 by default).
	 */
	bool split = !c->part_depth && (c->threads > 1 || (!buf && c->count_in_jobs && !sp->on_solution));
	if (buf && !split && !c->part_depth && !c->memo && dlx_checkpoint_split(buf, len, &split, &err) != DLX_OK)
		split = false;
	if (c->memo) {
		dlx_split_params sp_memo = { c->threads, c->part_depth ? c->part[0].part : 0,
					     c->part_depth ? c->part[0].parts : 0 };
		*rc = dlx_memo_count_resume(c->p, sp, c->memo, &sp_memo, buf, len, c->memo_count, st, c->memo_stats,
					    &err);
	} else if (split)
		*rc = dlx_search_split_resume(c->p, sp, c->threads, buf, len, st, &err);
	else if (c->part_depth)
		*rc = dlx_search_parts_split_resume(c->p, sp, c->threads, c->part, c->part_depth, buf, len, st, &err);
	else
		*rc = dlx_search_resume(c->p, sp, buf, len, st, &err);
	free(buf);
	if (*rc == DLX_ERR_SYNTAX) {
		cli_input_error(c->prog, c->resume, 0, err.message);
		return CLI_EXIT_USAGE;
	}
	if (!*rc && (st->stop == DLX_STOP_POLL || st->stop == DLX_STOP_NODE_LIMIT) && !save(c))
		return CLI_EXIT_FAILURE;
	/* A resume that printed nothing new still drops what the killed run printed after its last save. */
	if (!*rc && c->out && !output_ready(c))
		return CLI_EXIT_FAILURE;
	return 0;
}

void cli_checkpoint_done(struct cli_checkpoint *c, const dlx_stats *st, bool answered)
{
	bool ended = st->stop == DLX_STOP_COMPLETE || st->stop == DLX_STOP_LIMIT;
	if (ended && answered) {
		/* Nothing left to resume: a stale file would only be resumed to the same answer. */
		if (unlink(c->file) != 0 && errno != ENOENT)
			fprintf(stderr, "%s: %s: cannot remove the finished checkpoint: %s\n", c->prog, c->file,
				strerror(errno));
		else
			cli_sync_directory_of(c->file);
	} else if (!ended && c->saved) {
		fprintf(stderr, "%s: checkpoint saved in %s (go on with --resume %s)\n", c->prog, c->file, c->file);
	}
}
