import CPNG
import Foundation
import Testing

@testable import ContactsEngine

@Suite struct ThumbnailTests {
    static func gradient(width: Int, height: Int) -> Bitmap {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128]
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    static func png(width: Int, height: Int) throws -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let pixels = [UInt8](repeating: 200, count: width * height * 4)
        var size = 0
        _ = png_image_write_to_memory(&image, nil, &size, 0, pixels, 0, nil)
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes {
            png_image_write_to_memory(&image, $0.baseAddress, &size, 0, pixels, 0, nil)
        }
        try #require(written != 0)
        return Data(output.prefix(size))
    }

    @Test func jpegThumbnailFitsIn320PixelsAndKeepsTheAspectRatio() throws {
        let jpeg = try #require(Thumbnail.encode(Self.gradient(width: 1600, height: 1200)))
        let thumbnail = try #require(Thumbnail.make(from: jpeg))
        #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try #require(Thumbnail.decode(thumbnail))
        #expect(decoded.width == 320)
        #expect(decoded.height == 240)
        #expect(thumbnail.count < jpeg.count)
    }

    @Test func pngThumbnailIsAJPEG() throws {
        let png = try Self.png(width: 400, height: 1000)
        let thumbnail = try #require(Thumbnail.make(from: png))
        let decoded = try #require(Thumbnail.decode(thumbnail))
        #expect(decoded.width == 128)
        #expect(decoded.height == 320)
    }

    @Test func smallImagesKeepTheirSize() throws {
        let jpeg = try #require(Thumbnail.encode(Self.gradient(width: 100, height: 50)))
        let decoded = try #require(Thumbnail.make(from: jpeg).flatMap(Thumbnail.decode))
        #expect(decoded.width == 100 && decoded.height == 50)
    }

    @Test(arguments: [
        Data(), Data("not an image".utf8), Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]),
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2]),
    ])
    func undecodableDataGivesNoThumbnail(data: Data) {
        #expect(Thumbnail.make(from: data) == nil)
    }

    @Test func truncatedJPEGDoesNotCrash() throws {
        let jpeg = try #require(Thumbnail.encode(Self.gradient(width: 640, height: 480)))
        _ = Thumbnail.make(from: jpeg.prefix(jpeg.count / 3))
    }

    @Test func averagingDownscaleKeepsFlatColors() {
        let flat = Bitmap(width: 1000, height: 10, pixels: [UInt8](repeating: 77, count: 30_000))
        let scaled = flat.scaled(toFit: 320)
        #expect(scaled.width == 320 && scaled.height == 3)
        #expect(scaled.pixels.allSatisfy { $0 == 77 })
    }
}
