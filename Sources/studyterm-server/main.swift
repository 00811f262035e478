import Foundation
import StudyServerKit

// studyterm-server: the study server and its staff commands (ServerMain holds the logic).
ServerMain.bootstrapLogging()
exit(await ServerMain.run(Array(CommandLine.arguments.dropFirst())))
