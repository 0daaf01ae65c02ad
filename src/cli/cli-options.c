/* The options both programs take, parsed once (cli-options.h). */
#include "cli-options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

void cli_name_program(const struct cli_program *prog, int argc, char **argv)
{
	/* getopt reads argv[0] only; a writable copy spares a cast. */
	static char name[64];
	if (argc > 0) {
		snprintf(name, sizeof name, "%s", prog->name);
		argv[0] = name;
	}
}

int cli_usage_error(const struct cli_program *prog, const char *what)
{
	fprintf(stderr, "%s: %s\nTry '%s --help' for more information.\n", prog->name, what, prog->name);
	return CLI_EXIT_USAGE;
}

/* Parses a positive count; false with a message naming the option otherwise. */
static bool parse_positive(const struct cli_program *prog, const char *option, const char *arg, uint64_t *out)
{
	if (cli_parse_u64(arg, out) && *out > 0)
		return true;
	fprintf(stderr, "%s: %s needs a positive number, not '%s'\n", prog->name, option, arg);
	return false;
}

static bool parse_time_limit(const struct cli_program *prog, const char *arg, double *out)
{
	if (cli_parse_seconds(arg, out) && *out > 0)
		return true;
	fprintf(stderr, "%s: --time-limit needs a positive number of seconds, not '%s'\n", prog->name, arg);
	return false;
}

static bool parse_threads(const struct cli_program *prog, const char *arg, unsigned *out)
{
	uint64_t v;
	if (cli_parse_u64(arg, &v) && v > 0 && v <= 1024) {
		*out = (unsigned)v;
		return true;
	}
	fprintf(stderr, "%s: --threads needs a number from 1 to 1024, not '%s'\n", prog->name, arg);
	return false;
}

/* K/M, or K/M.J/N... up to prog's depth: every level into opts->part_path. */
static bool parse_part_path(const struct cli_program *prog, const char *arg, struct cli_options *opts)
{
	size_t depth = 0;
	for (const char *s = arg;; depth++) {
		const char *dot = strchr(s, '.');
		size_t n = dot ? (size_t)(dot - s) : strlen(s);
		char level[48];
		if (depth >= prog->max_part_depth || depth >= DLX_MAX_PART_DEPTH || n >= sizeof level)
			return false;
		memcpy(level, s, n);
		level[n] = '\0';
		dlx_part *lv = &opts->part_path[depth];
		if (!cli_parse_part(level, prog->max_parts, &lv->part, &lv->parts))
			return false;
		if (!dot)
			break;
		s = dot + 1;
	}
	opts->part_depth = depth + 1;
	opts->part = opts->part_path[0].part;
	opts->parts = opts->part_path[0].parts;
	return true;
}

static bool parse_part(const struct cli_program *prog, const char *arg, struct cli_options *opts)
{
	if (parse_part_path(prog, arg, opts))
		return true;
	if (prog->max_part_depth > 1)
		fprintf(stderr, "%s: --part needs K/M, or K/M.J/N... (a piece of a part, up to %zu levels), "
			"with 1 <= K <= M <= %u at each, not '%s'\n", prog->name,
			prog->max_part_depth < DLX_MAX_PART_DEPTH ? prog->max_part_depth : (size_t)DLX_MAX_PART_DEPTH,
			(unsigned)prog->max_parts, arg);
	/* A program without a cap of its own does not quote the type's. */
	else if (prog->max_parts == UINT32_MAX)
		fprintf(stderr, "%s: --part needs K/M with 1 <= K <= M, not '%s'\n", prog->name, arg);
	else
		fprintf(stderr, "%s: --part needs K/M with 1 <= K <= M <= %u, not '%s'\n", prog->name,
			(unsigned)prog->max_parts, arg);
	return false;
}

int cli_parse_option(const struct cli_program *prog, int c, const char *arg, struct cli_options *opts)
{
	bool ok = true;
	switch (c) {
	case 'l': ok = parse_positive(prog, "--limit", arg, &opts->limit); break;
	case CLI_OPT_NODE_LIMIT: ok = parse_positive(prog, "--node-limit", arg, &opts->node_limit); break;
	case CLI_OPT_TIME_LIMIT: ok = parse_time_limit(prog, arg, &opts->time_limit); break;
	case 't': ok = parse_threads(prog, arg, &opts->threads); break;
	case 'p': ok = parse_part(prog, arg, opts); break;
	case CLI_OPT_PROGRESS: opts->progress = CLI_PROGRESS_ON; break;
	case CLI_OPT_NO_PROGRESS: opts->progress = CLI_PROGRESS_OFF; break;
	case CLI_OPT_PROPAGATE: opts->propagate = true; break;
	case 'h':
		/* A failed write keeps its errno for cli_finish_output()'s message. */
		cli_wrote(fputs(prog->usage, stdout) >= 0);
		return CLI_OPTION_EXIT;
	case 'V':
		cli_wrote(printf("%s %s\n", prog->name, DLX_VERSION) >= 0);
		return CLI_OPTION_EXIT;
	default:
		/* getopt has said what was wrong. */
		fprintf(stderr, "Try '%s --help' for more information.\n", prog->name);
		return CLI_EXIT_USAGE;
	}
	return ok ? 0 : CLI_EXIT_USAGE;
}

int cli_parse_file(const struct cli_program *prog, int argc, char **argv, const char **file)
{
	if (optind + 1 < argc)
		return cli_usage_error(prog, "more than one input file");
	*file = optind < argc ? argv[optind] : "-";
	return 0;
}

bool cli_parse_u64(const char *s, uint64_t *out)
{
	if (!s || *s < '0' || *s > '9')
		return false;
	uint64_t v = 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

bool cli_parse_seconds(const char *s, double *out)
{
	if (!s || !((*s >= '0' && *s <= '9') || *s == '.'))
		return false;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || *end || !(v >= 0) || v > 1e9)
		return false;
	*out = v;
	return true;
}

bool cli_parse_part(const char *s, uint32_t max, uint32_t *k, uint32_t *m)
{
	const char *slash = s ? strchr(s, '/') : NULL;
	if (!slash || slash == s || (size_t)(slash - s) > 20)
		return false;
	char kbuf[24];
	memcpy(kbuf, s, (size_t)(slash - s));
	kbuf[slash - s] = '\0';
	uint64_t kv, mv;
	if (!cli_parse_u64(kbuf, &kv) || !cli_parse_u64(slash + 1, &mv))
		return false;
	if (kv < 1 || kv > mv || mv > max)
		return false;
	*k = (uint32_t)kv;
	*m = (uint32_t)mv;
	return true;
}
