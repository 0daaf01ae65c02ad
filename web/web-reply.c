/* The page's replies as JSON (web-reply.h). */
#include "web-reply.h"

#include "dlx-web.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(struct web_text *t, size_t more)
{
	if (t->nomem)
		return false;
	if (more < t->cap - t->len)
		return true;
	if (more > SIZE_MAX / 2 - t->len) {
		t->nomem = true;
		return false;
	}
	size_t cap = t->cap ? t->cap : 256;
	while (cap - t->len <= more)
		cap *= 2;
	char *s = realloc(t->s, cap);
	if (!s) {
		t->nomem = true;
		return false;
	}
	t->s = s;
	t->cap = cap;
	return true;
}

void web_append(struct web_text *t, const char *s, size_t n)
{
	if (!reserve(t, n))
		return;
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
}

void web_printf(struct web_text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(t, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

void web_append_json_string(struct web_text *t, const char *s, size_t n)
{
	web_append(t, "\"", 1);
	size_t run = 0;
	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		web_append(t, s + run, k - run);
		run = k + 1;
		if (c == '"' || c == '\\') {
			char esc[2] = { '\\', (char)c };
			web_append(t, esc, 2);
		} else if (c == '\n') {
			web_append(t, "\\n", 2);
		} else {
			web_printf(t, "\\u%04x", c);
		}
	}
	web_append(t, s + run, n - run);
	web_append(t, "\"", 1);
}

void web_field_bytes(struct web_reply *r, const char *name, const uint8_t *v, size_t n)
{
	web_printf(&r->fields, ",\"%s\":", name);
	if (!v) {
		web_append(&r->fields, "null", 4);
		return;
	}
	web_append(&r->fields, "[", 1);
	for (size_t k = 0; k < n; k++)
		web_printf(&r->fields, k ? ",%u" : "%u", v[k]);
	web_append(&r->fields, "]", 1);
}

bool web_parse_u64(struct web_reply *r, const char *prog, const char *option, const char *arg, bool positive,
	uint64_t *out)
{
	*out = 0;
	if (!arg || !*arg)
		return true;
	uint64_t v = 0;
	const char *s = arg;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			break;
		v = v * 10 + d;
	}
	if (!*s && (v > 0 || !positive)) {
		*out = v;
		return true;
	}
	if (positive)
		web_printf(&r->err, "%s: %s needs a positive number, not '%s'\n", prog, option, arg);
	else
		web_printf(&r->err, "%s: %s needs a number from 0 to %" PRIu64 ", not '%s'\n", prog, option, UINT64_MAX,
			arg);
	r->status = 2;
	return false;
}

static void text_free(struct web_text *t)
{
	free(t->s);
	*t = (struct web_text){ 0 };
}

char *web_reply_finish(struct web_reply *r)
{
	bool nomem = r->out.nomem || r->err.nomem || r->fields.nomem;
	struct web_text j = { 0 };
	if (!nomem) {
		web_printf(&j, "{\"status\":%d,\"out\":", r->status);
		web_append_json_string(&j, r->out.s ? r->out.s : "", r->out.len);
		web_append(&j, ",\"err\":", 7);
		web_append_json_string(&j, r->err.s ? r->err.s : "", r->err.len);
		web_append(&j, r->fields.s ? r->fields.s : "", r->fields.len);
		web_append(&j, "}", 1);
	}
	text_free(&r->out);
	text_free(&r->err);
	text_free(&r->fields);
	if (!nomem && !j.nomem)
		return j.s;
	free(j.s);
	static const char oom[] = "{\"status\":3,\"out\":\"\",\"err\":\"out of memory\\n\"}";
	char *s = malloc(sizeof oom);
	if (s)
		memcpy(s, oom, sizeof oom);
	return s;
}

void dlxweb_free(char *reply)
{
	free(reply);
}
