/*
 * Fuzz harness for checkpoints, the untrusted bytes a resume reads: every
 * kind of checkpoint (one search's path, a part's, jobs in threads, a
 * part's jobs, Algorithm M's claims in threads) handed to every resume
 * that reads one, on two fixed problems: 8 queens (tools/dlx-gen-queens 8)
 * and a problem with bounds (items a1..a6 covered once or twice by pairs
 * and triples, as tests/test-checkpoint.sh builds with n = 6).  A resume
 * must refuse the bytes or search, within its node limit, and never crash,
 * hang or read out of bounds; a forged checkpoint with a true checksum may
 * give another count (the checksum guards against damage, not forgery).
 *
 * Input layout: byte 0 picks the problem (bit 0: the bounded one), the
 * call (bits 1-3: dlx_search_resume(); dlx_search_split_resume() in 1 or 2
 * threads; dlx_search_parts_resume() of 2/3 or of 2/3.1/2;
 * dlx_search_parts_split_resume() of 2/3 in 2 threads; with on_solution
 * and a solution limit in 1 or 2 threads) and whether to mend the
 * checkpoint's length and checksum (bit 4, so that mutations reach past
 * them); with bit 5 set, the call is a memoized count's,
 * dlx_memo_count_resume() (bits 1-2: the whole count or part 2/3, in 1 or
 * 2 threads; bit 3: the rule), whose checkpoints hold tables; the rest is
 * the checkpoint.  A stop the call makes at its node
 * limit is saved and resumed once more, in the other number of threads.
 * The seeds (tests/fuzz/corpus/checkpoint) are checkpoints dlx saved of
 * these problems.  Builds with gcc too, for the replay test.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-ec.h"
#include "dlx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char queens8[] =
	"| 8-queens: rows R and columns C primary, diagonals A (r+c) and B (r-c+N-1) secondary\n"
	"R4 C4 R3 C3 R5 C5 R2 C2 R6 C6 R1 C1 R7 C7 R0 C0 | A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14\n"
	"R0 C0 A0 B7\n"
	"R0 C1 A1 B6\n"
	"R0 C2 A2 B5\n"
	"R0 C3 A3 B4\n"
	"R0 C4 A4 B3\n"
	"R0 C5 A5 B2\n"
	"R0 C6 A6 B1\n"
	"R0 C7 A7 B0\n"
	"R1 C0 A1 B8\n"
	"R1 C1 A2 B7\n"
	"R1 C2 A3 B6\n"
	"R1 C3 A4 B5\n"
	"R1 C4 A5 B4\n"
	"R1 C5 A6 B3\n"
	"R1 C6 A7 B2\n"
	"R1 C7 A8 B1\n"
	"R2 C0 A2 B9\n"
	"R2 C1 A3 B8\n"
	"R2 C2 A4 B7\n"
	"R2 C3 A5 B6\n"
	"R2 C4 A6 B5\n"
	"R2 C5 A7 B4\n"
	"R2 C6 A8 B3\n"
	"R2 C7 A9 B2\n"
	"R3 C0 A3 B10\n"
	"R3 C1 A4 B9\n"
	"R3 C2 A5 B8\n"
	"R3 C3 A6 B7\n"
	"R3 C4 A7 B6\n"
	"R3 C5 A8 B5\n"
	"R3 C6 A9 B4\n"
	"R3 C7 A10 B3\n"
	"R4 C0 A4 B11\n"
	"R4 C1 A5 B10\n"
	"R4 C2 A6 B9\n"
	"R4 C3 A7 B8\n"
	"R4 C4 A8 B7\n"
	"R4 C5 A9 B6\n"
	"R4 C6 A10 B5\n"
	"R4 C7 A11 B4\n"
	"R5 C0 A5 B12\n"
	"R5 C1 A6 B11\n"
	"R5 C2 A7 B10\n"
	"R5 C3 A8 B9\n"
	"R5 C4 A9 B8\n"
	"R5 C5 A10 B7\n"
	"R5 C6 A11 B6\n"
	"R5 C7 A12 B5\n"
	"R6 C0 A6 B13\n"
	"R6 C1 A7 B12\n"
	"R6 C2 A8 B11\n"
	"R6 C3 A9 B10\n"
	"R6 C4 A10 B9\n"
	"R6 C5 A11 B8\n"
	"R6 C6 A12 B7\n"
	"R6 C7 A13 B6\n"
	"R7 C0 A7 B14\n"
	"R7 C1 A8 B13\n"
	"R7 C2 A9 B12\n"
	"R7 C3 A10 B11\n"
	"R7 C4 A11 B10\n"
	"R7 C5 A12 B9\n"
	"R7 C6 A13 B8\n"
	"R7 C7 A14 B7\n";

static const char bounded6[] =
	"1:2|a1 1:2|a2 1:2|a3 1:2|a4 1:2|a5 1:2|a6 | s\n"
	"a1 a2\n"
	"a1 a2 a3 s:1\n"
	"a1 a2 a6 s:1\n"
	"a1 a3\n"
	"a1 a3 a5 s:1\n"
	"a1 a4\n"
	"a1 a5\n"
	"a1 a5 a6 s:1\n"
	"a1 a6\n"
	"a2 a3\n"
	"a2 a3 a4 s:0\n"
	"a2 a4\n"
	"a2 a4 a6 s:0\n"
	"a2 a5\n"
	"a2 a6\n"
	"a3 a4\n"
	"a3 a4 a5 s:1\n"
	"a3 a5\n"
	"a3 a6\n"
	"a4 a5\n"
	"a4 a5 a6 s:0\n"
	"a4 a6\n"
	"a5 a6\n";

static dlx_ec *problems[2];

static dlx_problem *problem(int which)
{
	if (!problems[which]) {
		const char *text = which ? bounded6 : queens8;
		FILE *f = fmemopen((void *)text, strlen(text), "r");
		if (!f || dlx_ec_read(f, &problems[which], NULL) != DLX_OK)
			abort();
		fclose(f);
	}
	return dlx_ec_problem(problems[which]);
}

static uint64_t fnv(const uint8_t *b, size_t n)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t k = 0; k < n; k++)
		h = (h ^ b[k]) * 0x100000001b3u;
	return h;
}

static void put64(uint8_t *b, uint64_t v)
{
	for (int k = 0; k < 8; k++)
		b[k] = (uint8_t)(v >> (8 * k));
}

static int count_solution(void *ctx, const size_t *options, size_t n)
{
	(void)options;
	(void)n;
	++*(uint64_t *)ctx;
	return 0;
}

static const dlx_part part1[1] = { { 2, 3 } };
static const dlx_part part2[2] = { { 2, 3 }, { 1, 2 } };

/* One memoized count's resume: call bit 0 the part 2/3, bit 2 the rule. */
static int resume_memo(dlx_problem *p, unsigned call, unsigned threads, const void *ck, size_t len, dlx_stats *st)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 3000;
	sp.poll_interval = 7;
	dlx_memo_params mp = { call & 4 ? DLX_MEMO_FIRST : DLX_MEMO_MRV, (size_t)1 << 20 };
	dlx_split_params split = { threads, call & 1 ? 2 : 0, call & 1 ? 3 : 0 };
	dlx_error_info err = { 0, "" };
	char *count = NULL;
	int rc = dlx_memo_count_resume(p, &sp, &mp, &split, ck, len, &count, st, NULL, &err);
	if (getenv("FUZZ_CHECKPOINT_VERBOSE"))
		fprintf(stderr, "memo call %u, %u threads: %s%s%s, stop %d, count %s\n", call, threads, dlx_strerror(rc),
			err.message[0] ? ": " : "", err.message, (int)st->stop, count ? count : "none");
	free(count);
	return rc;
}

/* One resume of the call picked by `call`; its status, the stop in *st. */
static int resume(dlx_problem *p, unsigned call, unsigned threads, const void *ck, size_t len, dlx_stats *st,
		  uint64_t *reported)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 3000;
	sp.poll_interval = 7;
	dlx_error_info err = { 0, "" };
	int rc;
	switch (call) {
	case 0:
		rc = dlx_search_resume(p, &sp, ck, len, st, &err);
		break;
	case 1:
	case 2:
		rc = dlx_search_split_resume(p, &sp, threads, ck, len, st, &err);
		break;
	case 3:
		rc = dlx_search_parts_resume(p, &sp, part1, 1, ck, len, st, &err);
		break;
	case 4:
		rc = dlx_search_parts_resume(p, &sp, part2, 2, ck, len, st, &err);
		break;
	case 5:
		rc = dlx_search_parts_split_resume(p, &sp, threads, part1, 1, ck, len, st, &err);
		break;
	default:
		sp.on_solution = count_solution;
		sp.solution_ctx = reported;
		sp.solution_limit = 40;
		rc = dlx_search_split_resume(p, &sp, threads, ck, len, st, &err);
		break;
	}
	/* For whoever makes seeds: whether the bytes were taken. */
	if (getenv("FUZZ_CHECKPOINT_VERBOSE"))
		fprintf(stderr, "call %u, %u threads: %s%s%s, stop %d, %llu solutions\n", call, threads, dlx_strerror(rc),
			err.message[0] ? ": " : "", err.message, (int)st->stop, (unsigned long long)st->solutions);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	dlx_problem *p = problem(data[0] & 1);
	unsigned call = (data[0] >> 1) & 7;
	const bool memo = data[0] & 0x20;
	unsigned threads = memo ? (call & 2 ? 2 : 1) : call == 2 || call == 5 || call == 7 ? 2 : 1;
	size_t len = size - 1;
	uint8_t *ck = malloc(len ? len : 1);
	if (!ck)
		return 0;
	memcpy(ck, data + 1, len);
	if ((data[0] & 0x10) && len >= 24 + 8) {
		put64(ck + 16, len);
		put64(ck + len - 8, fnv(ck, len - 8));
	}
	dlx_stats st;
	uint64_t reported = 0;
	int rc = memo ? resume_memo(p, call, threads, ck, len, &st) : resume(p, call, threads, ck, len, &st, &reported);
	free(ck);
	if (rc == DLX_OK && (st.stop == DLX_STOP_NODE_LIMIT || st.stop == DLX_STOP_POLL)) {
		void *again;
		size_t n;
		if (dlx_checkpoint_save(p, 0, &again, &n) == DLX_OK) {
			/* The saved state again, in the other number of threads (a one-thread path stays in one). */
			if (memo)
				resume_memo(p, call, 3 - threads, again, n, &st);
			else
				resume(p, call, call == 0 || call == 3 || call == 4 ? 1 : 3 - threads, again, n, &st,
				       &reported);
			free(again);
		}
	}
	return 0;
}
