import StandupsApp

StandupsMain.main()
