// jpeglib.h needs FILE and size_t declared before it is included.
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

// libjpeg reports fatal errors by calling error_exit, which must not return. Swift cannot longjmp, so
// these helpers keep setjmp/longjmp on the C side and report failure as a NULL or 0 result instead.

struct contacts_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static inline void contacts_jpeg_error_exit(j_common_ptr info) {
    struct contacts_jpeg_error *error = (struct contacts_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

static inline void contacts_jpeg_ignore_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/// Decodes JPEG data to 8-bit RGB rows, letting libjpeg scale by 1/2, 1/4 or 1/8 while the longest side
/// stays at least min_side. Returns pixels to release with free(), or NULL when the data is not a JPEG
/// libjpeg can decode.
static inline unsigned char *contacts_jpeg_decode(const unsigned char *data, unsigned long size, int min_side,
                                                  int *width, int *height) {
    struct jpeg_decompress_struct info;
    struct contacts_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = contacts_jpeg_error_exit;
    error.manager.emit_message = contacts_jpeg_ignore_message;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    unsigned int longest = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned int denominator = 1;
    while (denominator < 8 && longest / (denominator * 2) >= (unsigned int)min_side) {
        denominator *= 2;
    }
    info.scale_num = 1;
    info.scale_denom = denominator;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    pixels = malloc(stride * info.output_height);
    if (pixels == NULL) {
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return pixels;
}

/// Encodes 8-bit RGB rows as a baseline JPEG. Returns 1 and a buffer to release with free(), or 0.
static inline int contacts_jpeg_encode(const unsigned char *rgb, int width, int height, int quality,
                                       unsigned char **output, unsigned long *size) {
    struct jpeg_compress_struct info;
    struct contacts_jpeg_error error;
    *output = NULL;
    *size = 0;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = contacts_jpeg_error_exit;
    error.manager.emit_message = contacts_jpeg_ignore_message;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(*output);
        *output = NULL;
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 1;
}
