/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-json-write.c — canonical JSON writing (see bg-json.h).
 *
 * Owns: the writer: shortest round-trip numbers, escaped strings, any value
 * of a document compact or pretty. Must not: know what a document means, or
 * read JSON (bg-json.c does; its top comment says why neither is
 * json-glib's).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bg-json.h"

/* Writes the shortest decimal that reads back as the same double, in the
 * form an engineer would type: plain for ordinary magnitudes (1000, 0.025,
 * 123456789), with an exponent for small values and for round large ones
 * (1e-12, 9e-5, 1.5e6, 1e10). Valid JSON either way. */
void
bg_json_append_number (GString *out,
                       double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];
  char digits[32];
  const char *p;
  guint n_digits = 0;
  int exponent, trailing_zeros;

  if (!isfinite (value))
    {
      /* The model keeps every number finite; never write invalid JSON. */
      g_string_append_c (out, '0');
      return;
    }
  if (value == 0)
    {
      g_string_append_c (out, '0');  /* also for -0 */
      return;
    }

  if (value < 0)
    {
      g_string_append_c (out, '-');
      value = -value;
    }

  if (value < 1e15 && value == floor (value))
    {
      /* Whole numbers (coordinates, most parameters): exact as integers. */
      g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, (gint64) value);
      n_digits = strlen (buf);
      exponent = (int) n_digits - 1;
      memcpy (digits, buf, n_digits);
    }
  else
    {
      /* Shortest mantissa that round-trips: "1.5e+06" has 2 digits. */
      for (int precision = 0; precision <= 17; precision++)
        {
          g_snprintf (format, sizeof format, "%%.%de", precision);
          g_ascii_formatd (buf, sizeof buf, format, value);
          if (g_ascii_strtod (buf, NULL) == value)
            break;
        }
      for (p = buf; *p != 'e' && *p != '\0'; p++)
        if (g_ascii_isdigit (*p) && n_digits < sizeof digits - 1)
          digits[n_digits++] = *p;
      exponent = *p == 'e' ? atoi (p + 1) : 0;
    }
  while (n_digits > 1 && digits[n_digits - 1] == '0')
    n_digits--;
  digits[n_digits] = '\0';
  trailing_zeros = exponent + 1 - (int) n_digits;

  if (exponent < -4 || trailing_zeros >= 4)
    {
      g_string_append_c (out, digits[0]);
      if (n_digits > 1)
        g_string_append_printf (out, ".%s", digits + 1);
      g_string_append_printf (out, "e%d", exponent);
    }
  else if (exponent < 0)
    {
      g_string_append (out, "0.");
      for (int i = -1; i > exponent; i--)
        g_string_append_c (out, '0');
      g_string_append (out, digits);
    }
  else if (trailing_zeros >= 0)
    {
      g_string_append (out, digits);
      for (int i = 0; i < trailing_zeros; i++)
        g_string_append_c (out, '0');
    }
  else
    {
      g_string_append_len (out, digits, exponent + 1);
      g_string_append_c (out, '.');
      g_string_append (out, digits + exponent + 1);
    }
}

void
bg_json_append_string (GString    *out,
                       const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (c < 0x20 || c == 0x7F)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_indent (GString *out,
               int      indent)
{
  g_string_append_c (out, '\n');
  for (int i = 0; i < indent; i++)
    g_string_append_c (out, ' ');
}

/* Writes any JSON value: compact on one line when indent < 0, else pretty
 * with two spaces per level starting at indent. */
void
bg_json_append_value (GString         *out,
                      const BgJsonDoc *doc,
                      guint32          index,
                      int              indent)
{
  const BgJsonValue *value = bg_json_get (doc, index);
  int inner = indent < 0 ? -1 : indent + 2;
  gboolean first = TRUE;

  switch (value->type)
    {
    case BG_JSON_OBJECT:
    case BG_JSON_ARRAY:
      g_string_append_c (out, value->type == BG_JSON_OBJECT ? '{' : '[');
      for (guint32 c = value->u.first; c != 0; c = bg_json_get_next (doc, c))
        {
          if (!first)
            g_string_append_c (out, ',');
          if (indent >= 0)
            append_indent (out, inner);
          else if (!first)
            g_string_append_c (out, ' ');
          first = FALSE;
          if (value->type == BG_JSON_OBJECT)
            {
              bg_json_append_string (out, bg_json_get_key (doc, c));
              g_string_append (out, ": ");
            }
          bg_json_append_value (out, doc, c, inner);
        }
      if (!first && indent >= 0)
        append_indent (out, indent);
      g_string_append_c (out, value->type == BG_JSON_OBJECT ? '}' : ']');
      break;
    case BG_JSON_STRING:
      bg_json_append_string (out, bg_json_get_string (doc, index));
      break;
    case BG_JSON_NUMBER:
      bg_json_append_number (out, value->u.number);
      break;
    case BG_JSON_TRUE:
      g_string_append (out, "true");
      break;
    case BG_JSON_FALSE:
      g_string_append (out, "false");
      break;
    case BG_JSON_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}
