import Foundation
import ServerStore
import Testing

/// Publishing and reading the study version in force, on every engine.
@Suite struct StudyVersionConformanceTests {
    @Test(arguments: StoreEngine.available)
    func anEmptyStoreHasNoStudy(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        #expect(try await store.currentStudy() == nil)
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func publishingStoresANewVersionOnlyWhenTheDocumentChanges(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        #expect(try await store.publish(Fixtures.study(version: "1", etag: "\"a\"", at: 0)))
        #expect(try await store.publish(Fixtures.study(version: "1", etag: "\"a\"", at: 5)) == false)
        #expect(try await store.currentStudy() == Fixtures.study(version: "1", etag: "\"a\"", at: 0))
        #expect(try await store.publish(Fixtures.study(version: "2", etag: "\"b\"", at: 10)))
        #expect(try await store.currentStudy() == Fixtures.study(version: "2", etag: "\"b\"", at: 10))
        await store.close()
    }

    @Test(arguments: StoreEngine.available)
    func migratingAgainKeepsEverything(_ engine: StoreEngine) async throws {
        let store = try await engine.makeStore()
        _ = try await store.publish(Fixtures.study())
        try await store.migrate()
        #expect(try await store.currentStudy()?.version == "1")
        await store.close()
    }
}
