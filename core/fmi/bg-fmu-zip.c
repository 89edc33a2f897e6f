/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-zip.c — ZIP archives in memory (bg-fmu-zip.h).
 *
 * Owns: the byte layout of the ZIP format (APPNOTE 2.0: local file header,
 * central directory, end of central directory record), deflate through
 * GIO's zlib converter in raw format, CRC-32 (polynomial 0xEDB88320).
 * Must not: touch files or keep global state (the CRC table is built per
 * call: 1 KiB, a few microseconds).
 */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "bg-fmu-zip.h"
#include "bg-fmu-vars.h"

#define SIG_LOCAL   0x04034b50u
#define SIG_CENTRAL 0x02014b50u
#define SIG_END     0x06054b50u
#define FLAG_UTF8   0x0800u
#define METHOD_STORED  0
#define METHOD_DEFLATE 8
/* 2000-01-01 00:00: a fixed date, so that one model gives one archive. */
#define DOS_DATE ((20u << 9) | (1u << 5) | 1u)
#define DOS_TIME 0u

typedef struct
{
  char    *name;
  guint32  crc, csize, usize, offset;
  guint16  method;
} Entry;

struct _BgFmuZip
{
  GByteArray *bytes;
  GArray     *entries;
};

static void
make_table (guint32 table[256])
{
  for (guint32 n = 0; n < 256; n++)
    {
      guint32 c = n;
      for (int k = 0; k < 8; k++)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[n] = c;
    }
}

guint32
bg_fmu_crc32 (const void *data, gsize length)
{
  guint32 table[256], c = 0xFFFFFFFFu;
  const guint8 *p = data;

  make_table (table);
  for (gsize i = 0; i < length; i++)
    c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static void
put16 (GByteArray *b, guint v)
{
  guint8 x[2] = { v & 0xFF, (v >> 8) & 0xFF };
  g_byte_array_append (b, x, 2);
}

static void
put32 (GByteArray *b, guint32 v)
{
  guint8 x[4] = { v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, (v >> 24) & 0xFF };
  g_byte_array_append (b, x, 4);
}

static guint
get16 (const guint8 *p)
{
  return p[0] | (p[1] << 8);
}

static guint32
get32 (const guint8 *p)
{
  return p[0] | (p[1] << 8) | (p[2] << 16) | ((guint32) p[3] << 24);
}

BgFmuZip *
bg_fmu_zip_new (void)
{
  BgFmuZip *self = g_new0 (BgFmuZip, 1);

  self->bytes = g_byte_array_new ();
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  return self;
}

void
bg_fmu_zip_free (BgFmuZip *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->entries->len; i++)
    g_free (g_array_index (self->entries, Entry, i).name);
  g_array_unref (self->entries);
  if (self->bytes != NULL)
    g_byte_array_unref (self->bytes);
  g_free (self);
}

/* Raw deflate (no zlib header), or NULL. */
static GByteArray *
convert (GConverter *converter, const void *data, gsize length)
{
  GByteArray *out = g_byte_array_new ();
  gsize in_pos = 0;

  for (;;)
    {
      guint8 buf[65536];
      gsize read = 0, written = 0;
      g_autoptr (GError) error = NULL;
      GConverterResult r = g_converter_convert (converter, (const guint8 *) data + in_pos,
                                                length - in_pos, buf, sizeof buf,
                                                G_CONVERTER_INPUT_AT_END, &read, &written,
                                                &error);
      if (r == G_CONVERTER_ERROR)
        {
          g_byte_array_unref (out);
          return NULL;
        }
      in_pos += read;
      g_byte_array_append (out, buf, written);
      if (r == G_CONVERTER_FINISHED)
        return out;
    }
}

gboolean
bg_fmu_zip_add (BgFmuZip   *self,
                const char *name,
                const void *data,
                gsize       length,
                GError    **error)
{
  g_autoptr (GZlibCompressor) zc = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 6);
  g_autoptr (GByteArray) deflated = NULL;
  Entry e = { 0 };
  const void *stored = data;
  gsize stored_len = length;

  if (length >= G_MAXUINT32 || self->entries->len >= G_MAXUINT16
      || self->bytes->len + (guint64) length + 1024 >= G_MAXUINT32)
    {
      g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_WRITE,
                   _("the FMU would be larger than a ZIP archive may be (4 GiB)"));
      return FALSE;
    }
  deflated = convert (G_CONVERTER (zc), data, length);
  e.name = g_strdup (name);
  e.crc = bg_fmu_crc32 (data, length);
  e.usize = length;
  e.method = METHOD_STORED;
  if (deflated != NULL && deflated->len < length)
    {
      e.method = METHOD_DEFLATE;
      stored = deflated->data;
      stored_len = deflated->len;
    }
  e.csize = stored_len;
  e.offset = self->bytes->len;

  put32 (self->bytes, SIG_LOCAL);
  put16 (self->bytes, 20);
  put16 (self->bytes, FLAG_UTF8);
  put16 (self->bytes, e.method);
  put16 (self->bytes, DOS_TIME);
  put16 (self->bytes, DOS_DATE);
  put32 (self->bytes, e.crc);
  put32 (self->bytes, e.csize);
  put32 (self->bytes, e.usize);
  put16 (self->bytes, strlen (name));
  put16 (self->bytes, 0);
  g_byte_array_append (self->bytes, (const guint8 *) name, strlen (name));
  g_byte_array_append (self->bytes, stored, stored_len);
  g_array_append_val (self->entries, e);
  return TRUE;
}

GBytes *
bg_fmu_zip_finish (BgFmuZip *self)
{
  guint32 cd_offset = self->bytes->len, cd_size;

  for (guint i = 0; i < self->entries->len; i++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, i);
      gboolean exe = g_str_has_suffix (e->name, ".so");

      put32 (self->bytes, SIG_CENTRAL);
      put16 (self->bytes, (3 << 8) | 20);   /* made by: UNIX, 2.0 */
      put16 (self->bytes, 20);
      put16 (self->bytes, FLAG_UTF8);
      put16 (self->bytes, e->method);
      put16 (self->bytes, DOS_TIME);
      put16 (self->bytes, DOS_DATE);
      put32 (self->bytes, e->crc);
      put32 (self->bytes, e->csize);
      put32 (self->bytes, e->usize);
      put16 (self->bytes, strlen (e->name));
      put16 (self->bytes, 0);
      put16 (self->bytes, 0);
      put16 (self->bytes, 0);
      put16 (self->bytes, 0);
      put32 (self->bytes, (guint32) (exe ? 0100755 : 0100644) << 16);
      put32 (self->bytes, e->offset);
      g_byte_array_append (self->bytes, (const guint8 *) e->name, strlen (e->name));
    }
  cd_size = self->bytes->len - cd_offset;
  put32 (self->bytes, SIG_END);
  put16 (self->bytes, 0);
  put16 (self->bytes, 0);
  put16 (self->bytes, self->entries->len);
  put16 (self->bytes, self->entries->len);
  put32 (self->bytes, cd_size);
  put32 (self->bytes, cd_offset);
  put16 (self->bytes, 0);
  return g_byte_array_free_to_bytes (g_steal_pointer (&self->bytes));
}

static gboolean
damaged (GError **error)
{
  g_set_error_literal (error, BG_FMU_ERROR, BG_FMU_ERROR_WRITE, _("not a valid ZIP archive"));
  return FALSE;
}

GBytes *
bg_fmu_zip_read_entry (GBytes     *archive,
                       const char *name,
                       GError    **error)
{
  gsize size;
  const guint8 *a = g_bytes_get_data (archive, &size);
  gsize end = size >= 22 ? size - 22 : 0, p;
  guint n;

  while (size >= 22 && end > 0 && get32 (a + end) != SIG_END)
    end--;
  if (size < 22 || get32 (a + end) != SIG_END)
    return damaged (error), NULL;
  n = get16 (a + end + 10);
  p = get32 (a + end + 16);
  for (guint i = 0; i < n; i++)
    {
      guint nlen, method;
      guint32 crc, csize, usize, offset;
      gsize data;

      if (p + 46 > size || get32 (a + p) != SIG_CENTRAL)
        return damaged (error), NULL;
      method = get16 (a + p + 10);
      crc = get32 (a + p + 16);
      csize = get32 (a + p + 20);
      usize = get32 (a + p + 24);
      nlen = get16 (a + p + 28);
      offset = get32 (a + p + 42);
      if (p + 46 + nlen > size)
        return damaged (error), NULL;
      if (nlen == strlen (name) && memcmp (a + p + 46, name, nlen) == 0)
        {
          g_autoptr (GByteArray) out = NULL;

          if ((gsize) offset + 30 > size || get32 (a + offset) != SIG_LOCAL)
            return damaged (error), NULL;
          data = offset + 30 + get16 (a + offset + 26) + get16 (a + offset + 28);
          if (data + csize > size)
            return damaged (error), NULL;
          if (method == METHOD_STORED)
            {
              out = g_byte_array_new ();
              g_byte_array_append (out, a + data, csize);
            }
          else if (method == METHOD_DEFLATE)
            {
              g_autoptr (GZlibDecompressor) zd =
                g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW);
              out = convert (G_CONVERTER (zd), a + data, csize);
            }
          if (out == NULL || out->len != usize || bg_fmu_crc32 (out->data, out->len) != crc)
            return damaged (error), NULL;
          return g_byte_array_free_to_bytes (g_steal_pointer (&out));
        }
      p += 46 + nlen + get16 (a + p + 30) + get16 (a + p + 32);
    }
  g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_WRITE, _("the archive has no “%s”"), name);
  return NULL;
}
