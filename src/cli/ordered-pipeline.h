/*
 * An ordered parallel pipeline: dlx-sudoku runs its puzzle files through it.
 *
 * One producer thread reads items into the slots of a ring, worker threads
 * process them in any order, and the calling thread writes them strictly in
 * input order, as soon as the oldest one is done.  At most `window` items are
 * in flight, so a file of any length runs in memory bounded by the window.
 *
 * The pipeline knows nothing about sudoku: the slots are opaque and owned by
 * the caller, who reuses them (and their buffers) round the ring.
 */
#ifndef DLX_ORDERED_PIPELINE_H
#define DLX_ORDERED_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pipeline;

struct pipeline_ops {
	void *ctx;
	/*
	 * Producer thread: fills a free slot.  Returns 1 when the slot holds an
	 * item, 0 at the end of the input (the slot is then unused; read is not
	 * called again).
	 */
	int (*read)(void *ctx, void *slot);
	/* Worker thread `worker` (0-based): processes the seq-th item (0-based). */
	void (*process)(void *ctx, struct pipeline *pl, unsigned worker, void *slot, uint64_t seq);
	/* Calling thread, in input order: writes the item.  Non-zero stops the run. */
	int (*write)(void *ctx, void *slot);
	/* Calling thread: called about every idle_interval seconds while it waits (may be NULL). */
	void (*idle)(void *ctx);
	double idle_interval;
};

/*
 * Runs the pipeline with `threads` workers over the `window` slots, until
 * the input ends or write() returns non-zero.  SIGINT and SIGTERM are
 * blocked in every thread but the producer for the run, so that they
 * interrupt a read blocked on a terminal or pipe.
 * Returns the first non-zero write() result, 0 at the end of the input, or
 * -1 if the threads could not be started (nothing was read then).
 */
int pipeline_run(const struct pipeline_ops *ops, unsigned threads, void **slots, size_t window);

/*
 * For process(): waits until every item before `seq` has been written, so
 * that the worker may write its item's output itself (the calling thread
 * writes nothing until this item is done).  Returns false if the run is
 * stopping instead; the worker should then give up on the item.
 */
bool pipeline_wait_turn(struct pipeline *pl, uint64_t seq);

/* True once the run is stopping (write() returned non-zero): process() may give up. */
bool pipeline_stopping(const struct pipeline *pl);

#endif
