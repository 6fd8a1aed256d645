import CJPEG
import CPNG
import Foundation

/// Makes the thumbnail the store keeps next to a contact's image: a JPEG whose longest side is at most
/// ``maximumSide`` pixels, decoded from JPEG (libjpeg-turbo) or PNG (libpng) and downscaled by averaging.
package enum Thumbnail {
    /// The longest side of a thumbnail, in pixels.
    package static let maximumSide = 320

    /// The JPEG quality of thumbnails.
    package static let quality: Int32 = 82

    /// A JPEG thumbnail of a JPEG or PNG image, or nil when the data is not an image we can decode.
    package static func make(from image: Data) -> Data? {
        guard let bitmap = decode(image) else { return nil }
        return encode(bitmap.scaled(toFit: maximumSide))
    }

    /// Decodes JPEG or PNG data, recognized by its signature.
    package static func decode(_ data: Data) -> Bitmap? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return decodeJPEG(data) }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return decodePNG(data) }
        return nil
    }

    private static func decodeJPEG(_ data: Data) -> Bitmap? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bitmap? in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var width: Int32 = 0
            var height: Int32 = 0
            guard let pixels = contacts_jpeg_decode(base, UInt(buffer.count), Int32(maximumSide), &width, &height)
            else {
                return nil
            }
            defer { free(pixels) }
            let count = Int(width) * Int(height) * 3
            return Bitmap(
                width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    private static func decodePNG(_ data: Data) -> Bitmap? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bitmap? in
            guard let base = buffer.baseAddress else { return nil }
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, base, buffer.count) != 0 else { return nil }
            image.format = UInt32(PNG_FORMAT_RGB)
            let width = Int(image.width)
            let height = Int(image.height)
            // Refuse images whose pixels would not fit in memory comfortably (over 100 megapixels).
            guard width > 0, height > 0, width * height <= 100_000_000 else {
                png_image_free(&image)
                return nil
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            var background = png_color(red: 255, green: 255, blue: 255)
            let finished = pixels.withUnsafeMutableBytes { target in
                png_image_finish_read(&image, &background, target.baseAddress, 0, nil)
            }
            guard finished != 0 else {
                png_image_free(&image)
                return nil
            }
            return Bitmap(width: width, height: height, pixels: pixels)
        }
    }

    /// Encodes a bitmap as JPEG.
    package static func encode(_ bitmap: Bitmap) -> Data? {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let encoded = bitmap.pixels.withUnsafeBufferPointer { pixels in
            contacts_jpeg_encode(pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), quality, &output, &size)
        }
        guard encoded != 0, let output else { return nil }
        defer { free(output) }
        return Data(bytes: output, count: Int(size))
    }
}

/// An 8-bit RGB image, rows top to bottom.
package struct Bitmap: Sendable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The image scaled down by averaging so its longest side is at most `side`; unchanged when it fits.
    package func scaled(toFit side: Int) -> Bitmap {
        let longest = max(width, height)
        guard longest > side else { return self }
        let targetWidth = max(1, width * side / longest)
        let targetHeight = max(1, height * side / longest)
        var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        for y in 0..<targetHeight {
            let top = y * height / targetHeight
            let bottom = max(top + 1, (y + 1) * height / targetHeight)
            for x in 0..<targetWidth {
                let left = x * width / targetWidth
                let right = max(left + 1, (x + 1) * width / targetWidth)
                var sums = (0, 0, 0)
                for row in top..<bottom {
                    var index = (row * width + left) * 3
                    for _ in left..<right {
                        sums.0 += Int(pixels[index])
                        sums.1 += Int(pixels[index + 1])
                        sums.2 += Int(pixels[index + 2])
                        index += 3
                    }
                }
                let count = (bottom - top) * (right - left)
                let target = (y * targetWidth + x) * 3
                result[target] = UInt8(sums.0 / count)
                result[target + 1] = UInt8(sums.1 / count)
                result[target + 2] = UInt8(sums.2 / count)
            }
        }
        return Bitmap(width: targetWidth, height: targetHeight, pixels: result)
    }
}
